/** docs/errors.md is the error table as it is today, and documents every code the provider can raise. */
import * as fs from "node:fs";

import { ErrorCodes } from "../../provider/errors";
import { errorsDocFile, errorsMarkdown } from "../../scripts/errors-doc";

test("docs/errors.md is what scripts/errors-doc.ts makes from the table", () => {
  const current = fs.readFileSync(errorsDocFile, "utf8") === errorsMarkdown();
  const fix = "Run `npm run generate` and commit docs/errors.md.";
  expect({ current, fix }).toEqual({ current: true, fix });
});

test("every code is documented once, with what it means and what to do", () => {
  const text = errorsMarkdown();
  for (const code of Object.values(ErrorCodes)) {
    const rows = text.split("\n").filter((line) => line.startsWith(`| \`${code}\` |`));
    expect({ code, rows: rows.length }).toEqual({ code, rows: 1 });
    expect(rows[0].split(" | ").every((cell) => cell.trim().length > 1)).toBe(true);
  }
});
