/**
 * The provider's settings as a user meets them before any call: a typo of a setting is named with the setting it
 * is likely a typo of, a value a setting cannot take is named with where it came from (stack config or the
 * environment), and the schema types and documents each one (`max_concurrency: Optional[int]` in Python).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { resolveSettings, settingProblems, settingSources } from "../../provider/settings";

const repoRoot = path.resolve(__dirname, "../../..");
const config = (values: Record<string, string>) => (key: string) => values[key];

test("a misspelled setting is named with the one it is likely a typo of; a far one lists the settings", () => {
  const values = { "streamkap:maxConcurency": "4", "streamkap:clientSecret": "x", "streamkap:colour": "red" };
  const problems = settingProblems(Object.keys(values), config(values), {});
  expect(problems[0]).toBe(
    "stack config streamkap:maxConcurency is not a setting of the Streamkap provider: did you mean " +
      `streamkap:maxConcurrency? Its settings: ${Object.values(settingSources)
        .map((spec) => spec.config)
        .join(", ")}.`,
  );
  expect(problems[1]).toContain(
    "streamkap:clientSecret is not a setting of the Streamkap provider: did you mean streamkap:clientId?",
  );
  expect(problems[2]).toContain("streamkap:colour is not a setting of the Streamkap provider. Its settings:");
  expect(problems).toHaveLength(3);
});

test("in a project named streamkap, whose own config shares the namespace, only the settings' values are checked", () => {
  const values = { "streamkap:pgDatabasePassword": "x", "streamkap:maxConcurrency": "abc" };
  expect(settingProblems(Object.keys(values), config(values), {}, "streamkap")).toEqual([
    "stack config streamkap:maxConcurrency must be a positive whole number",
  ]);
});

test("a value a setting cannot take is named with where it came from, never with the value", () => {
  const values = { "streamkap:maxConcurrency": "abc", "streamkap:endpoint": "api.streamkap.com" };
  const problems = settingProblems(Object.keys(values), config(values), {
    STREAMKAP_CALL_TIMEOUT_MS: "-5",
    STREAMKAP_CREATED_FROM: "console",
    STREAMKAP_SECRET: "s3cr3t-value",
  });
  expect(problems).toEqual([
    "stack config streamkap:endpoint must be an http(s) URL such as https://api.streamkap.com",
    "the environment variable STREAMKAP_CREATED_FROM must be one of api, terraform, web",
    "the environment variable STREAMKAP_CALL_TIMEOUT_MS must be a positive whole number",
    "stack config streamkap:maxConcurrency must be a positive whole number",
  ]);
  expect(settingProblems([], config({}), { STREAMKAP_SECRET: "s3cr3t-value" })).toEqual([]);
});

test("stack config wins over the environment, and a valid stack value hides a bad environment one", () => {
  const settings = resolveSettings(config({ "streamkap:maxConcurrency": "3", "streamkap:clientId": "c" }), {
    STREAMKAP_MAX_CONCURRENCY: "abc",
    STREAMKAP_SECRET: "s",
  });
  expect(settings.maxConcurrency).toBe(3);
  expect(
    settingProblems(["streamkap:maxConcurrency"], config({ "streamkap:maxConcurrency": "3" }), {
      STREAMKAP_MAX_CONCURRENCY: "abc",
    }),
  ).toEqual([]);
});

test("the Python and Go SDKs type each setting as the provider reads it, and document its default", () => {
  const python = fs.readFileSync(
    path.join(repoRoot, "sdk-gen", "python", "pulumi_streamkap", "config", "vars.py"),
    "utf8",
  );
  const go = fs.readFileSync(path.join(repoRoot, "sdk-gen", "go", "streamkap", "config", "config.go"), "utf8");
  const pythonTypes: Record<string, string> = {
    string: "Optional[str]",
    integer: "Optional[int]",
    number: "Optional[float]",
  };
  const goTypes: Record<string, string> = { string: "string", integer: "int", number: "float64" };
  for (const [name, spec] of Object.entries(settingSources)) {
    const snake = name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
    expect({ name, python: new RegExp(`def ${snake}\\(self\\) -> ([^:]+):`).exec(python)?.[1] }).toEqual({
      name,
      python: pythonTypes[spec.type],
    });
    const goName = name.charAt(0).toUpperCase() + name.slice(1);
    expect({ name, go: new RegExp(`func Get${goName}\\(ctx \\*pulumi.Context\\) (\\w+)`).exec(go)?.[1] }).toEqual({
      name,
      go: goTypes[spec.type],
    });
  }
  expect(python).toMatch(/def max_concurrency[\s\S]*?The most API calls in flight at once[\s\S]*?Defaults to `8`/);
});
