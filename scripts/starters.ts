/**
 * The starter programs of a release: examples/yaml, examples/python and examples/go as a user's project on the
 * released packages, with no path into this checkout. The YAML program finds the plugin where `pulumi plugin
 * install` puts it, the Python one requires the wheel at the release's version, the Go one the module at it.
 * `npm run release` writes them to release/starters/ and as one archive; tests/engine/release-install.test.ts
 * runs each from there with no Node.js on PATH.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { goModulePath } from "./gen-sdks";

const repoRoot = path.resolve(__dirname, "../..");
const examples = path.join(repoRoot, "examples");

/** The languages with a starter, and the example each is made from. */
export const starterLanguages = ["yaml", "python", "go"] as const;
export type StarterLanguage = (typeof starterLanguages)[number];

/** examples/go/go.mod requiring the SDK at `version` (no `v`) instead of replacing it by the checkout's copy. */
export function releasedGoMod(goMod: string, version: string): string {
  const released = goMod
    .replace(/^(?:\/\/.*\n)*replace [^\n]*=> \.\.\/\.\.\/sdk-gen\/go\/streamkap\n/m, "")
    .replace(new RegExp(`^(\\s*${goModulePath.replace(/\./g, "\\.")}) v0\\.0\\.0$`, "m"), `$1 v${version}`);
  if (released.includes("replace ") || !released.includes(`${goModulePath} v${version}`))
    throw new Error(`examples/go/go.mod no longer requires ${goModulePath} v0.0.0 and replaces it by ../../sdk-gen`);
  return released;
}

/**
 * A Pulumi.yaml of examples/ as a starter's: its opening comment (which speaks of this checkout) replaced by a
 * pointer to the starters' README, and without a `plugins` block (a path into this checkout).
 */
export function releasedPulumiYaml(program: string, language: StarterLanguage): string {
  const body = program.replace(/^(?:#.*\n)+/, "").replace(/^plugins:\n(?: {2,}.*\n)+/m, "");
  if (/^plugins:/m.test(body) || body.includes("../../"))
    throw new Error(`examples/${language}/Pulumi.yaml names a path into the checkout that its starter cannot keep`);
  return `# The Streamkap quickstart in ${languageName[language]}: see ../README.md to run it.\n${body}`;
}

const languageName: Record<StarterLanguage, string> = { yaml: "Pulumi YAML", python: "Python", go: "Go" };

/** What each starter holds besides Pulumi.yaml, taken from its example as it is. */
const programFiles: Record<StarterLanguage, readonly string[]> = {
  yaml: [],
  python: ["__main__.py"],
  go: ["main.go", "go.sum"],
};

/** The starters' README: how to run one with the release's files alone. */
function readme(version: string): string {
  return `# Streamkap starters (pulumi-streamkap ${version})

The same quickstart in three languages: a Postgres source feeding a Snowflake destination through one pipeline,
plus a topic. Against the local API server none of them needs an account, and none needs Node.js.

1. **The provider plugin.** \`pulumi plugin install resource streamkap ${version}\` (from a release host of your
   own: add \`--server <its URL>\`), or unpack \`pulumi-resource-streamkap-v${version}-<os>-<arch>.tar.gz\` into
   \`~/.pulumi/plugins/resource-streamkap-v${version}/\`.
2. **The local API server**, in a second terminal: the plugin's executable answers \`local\`, and prints the
   endpoint and the credentials:

   \`\`\`sh
   ~/.pulumi/plugins/resource-streamkap-v${version}/pulumi-resource-streamkap local
   \`\`\`

3. **A starter.** Copy one of \`yaml/\`, \`python/\` or \`go/\`, then in it:

   \`\`\`sh
   pulumi login --local && pulumi stack init dev
   pulumi config set streamkap:endpoint <endpoint>
   pulumi config set streamkap:clientId <client id> && pulumi config set --secret streamkap:secret <secret>
   pulumi up
   \`\`\`

   - **python/** first needs its virtualenv: \`python3 -m venv venv && venv/bin/pip install -r requirements.txt\`
     (before the SDK is on PyPI, add \`--find-links <release>/python\`).
   - **go/** needs Go 1.25 or later; the first \`pulumi up\` compiles the Pulumi Go SDK (a minute or two). Before
     the SDK's tag is public, fetch it from the release:
     \`GOPROXY=file://<release>/go,https://proxy.golang.org GONOSUMDB=${goModulePath}\`.

Against your Streamkap account, leave out \`streamkap:endpoint\` and give your own client id and secret, and the
source's and destination's real settings.
`;
}

/** Writes the starters into `dir`, for the release of `version`. */
export function writeStarters(dir: string, version: string): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, "README.md"), readme(version));
  for (const language of starterLanguages) {
    const example = path.join(examples, language);
    const starter = path.join(dir, language);
    fs.mkdirSync(starter);
    const program = fs.readFileSync(path.join(example, "Pulumi.yaml"), "utf8");
    fs.writeFileSync(path.join(starter, "Pulumi.yaml"), releasedPulumiYaml(program, language));
    for (const file of programFiles[language]) fs.copyFileSync(path.join(example, file), path.join(starter, file));
  }
  const requirements = fs.readFileSync(path.join(examples, "python", "requirements.txt"), "utf8");
  const pinned = requirements.replace(/^pulumi_streamkap$/m, `pulumi_streamkap==${version}`);
  if (pinned === requirements) throw new Error("examples/python/requirements.txt no longer lists pulumi_streamkap");
  fs.writeFileSync(path.join(dir, "python", "requirements.txt"), pinned);
  const goMod = fs.readFileSync(path.join(examples, "go", "go.mod"), "utf8");
  fs.writeFileSync(path.join(dir, "go", "go.mod"), releasedGoMod(goMod, version));
}
