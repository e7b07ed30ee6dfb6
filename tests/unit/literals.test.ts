/**
 * The writers' one rule (cli/export/literals.ts, issue #50): every text becomes a literal its language reads back
 * as exactly that text, read by that language's own parser: YAML by js-yaml (a YAML 1.2 parser), HCL by HashiCorp's
 * (Terraform's), shell words by sh. The texts are the cases a probe found harmful and seeded random Unicode.
 */
import { execFileSync } from "node:child_process";
import { createRequire } from "node:module";

import { terminalText } from "../../cli/command-line";
import {
  hclQuoted,
  isWritable,
  pulumiYamlText,
  refuseUnwritable,
  shellWord,
  yamlQuoted,
} from "../../cli/export/literals";
import { hostileTexts } from "../harness/hostile-text";
import { hclStrings } from "../harness/terraform-state";

const { load } = createRequire(__filename)("js-yaml") as { load: (text: string) => unknown };

const texts = hostileTexts(50, 400);

test("a YAML double-quoted scalar reads back as exactly its text, and holds no raw control or line-break character", () => {
  for (const text of texts) {
    const scalar = yamlQuoted(text);
    expect({ text, read: load(`key: ${scalar}\n`) }).toEqual({ text, read: { key: text } });
    // eslint-disable-next-line no-control-regex
    expect(scalar).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/);
  }
});

test("Pulumi YAML's text doubles every `$`, so no `${` or `$$` of the text is read as Pulumi YAML syntax", () => {
  // Pulumi YAML's own reading of a string (pulumi-yaml ast/interpolation.go): `$$` is `$`, `${` opens a reference.
  const pulumiYamlRead = (text: string): string | undefined => {
    let read = "";
    for (let index = 0; index < text.length; index++) {
      if (text.startsWith("$$", index)) {
        read += "$";
        index++;
      } else if (text.startsWith("${", index)) {
        return undefined;
      } else {
        read += text[index];
      }
    }
    return read;
  };
  for (const text of texts) expect(pulumiYamlRead(pulumiYamlText(text))).toBe(text);
});

test("an HCL quoted string reads back through HashiCorp's parser as exactly its text, in Unicode's composed form", () => {
  const read = hclStrings(texts.map(hclQuoted));
  expect(read).toEqual(texts.map((text) => text.normalize("NFC")));
  // Why the PCL writer refuses text that is not composed: HCL composes it, escapes or not.
  expect(hclStrings(['"\\u212B"', '"e\\u0301"'])).toEqual(["\u00C5", "\u00E9"]);
});

test("a shell word reads back through sh as exactly its text", () => {
  // No shell holds a NUL byte in a word; the addresses the script names never hold a control character.
  const words = texts.filter((text) => !text.includes("\u0000"));
  const script = `for word in ${words.map(shellWord).join(" ")}; do printf '%s\\0' "$word"; done`;
  const printed = execFileSync("sh", ["-c", script], { encoding: "utf8", maxBuffer: 16 << 20 });
  expect(printed.split("\u0000").slice(0, -1)).toEqual(words);
});

test("half a character is refused by name, never written as something else", () => {
  expect(isWritable("a\ud800b")).toBe(false);
  expect(isWritable("\udc00")).toBe(false);
  expect(isWritable("😀")).toBe(true);
  expect(() => refuseUnwritable("x\ud83d", 'The input name of Tag "env"')).toThrow(
    expect.objectContaining({
      code: "STREAMKAP_ERR_PROGRAM_VALUE",
      message: expect.stringMatching(/^The input name of Tag "env" holds a lone UTF-16 surrogate/),
    }),
  );
});

test("a terminal shows control characters as escapes, and keeps line breaks (F17)", () => {
  expect(terminalText("a\u001b[31mred\u0007\nnext\tline\u009b\u2028")).toBe(
    "a\\x1b[31mred\\x07\nnext\tline\\x9b\\u2028",
  );
});
