/**
 * One version, package.json's, in everything a release carries: the plugin's schema (and so every SDK generated
 * from it and the version the plugin reports), the recorded public surface, the changelog, and the release
 * workflow, which refuses a tag that is not it, and the SDKs the Python and Go examples pin. `npm run release`
 * stamps it into @streamkap/pulumi (tests/engine/release-install.test.ts installs that release).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { changelogSection, recordedSurface } from "../../scripts/api-surface";
import { packageVersion } from "../../scripts/package-version";

const repoRoot = path.resolve(__dirname, "../../..");
const version = packageVersion();

test("the schema, the public surface and the changelog carry package.json's version", () => {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8")) as { version: string };
  expect({ schema: schema.version, surface: recordedSurface().version }).toEqual({ schema: version, surface: version });
  expect(changelogSection(version)).toBeDefined();
});

test("the release workflow publishes only a tag that is package.json's version", () => {
  const workflow = fs.readFileSync(path.join(repoRoot, ".github", "workflows", "release.yml"), "utf8");
  expect(workflow).toContain(`test "\${VERSION#v}" = "$(node -p 'require("./package.json").version')"`);
});

test("the Python and Go examples pin the SDKs of package.json's version", () => {
  const requirements = fs.readFileSync(path.join(repoRoot, "examples", "python", "requirements.txt"), "utf8");
  expect(requirements).toMatch(new RegExp(`^pulumi_streamkap==${version.replace(/\./g, "\\.")}$`, "m"));
  const goMod = fs.readFileSync(path.join(repoRoot, "examples", "go", "go.mod"), "utf8");
  expect(goMod).toContain(`\tgithub.com/streamkap-com/pulumi-streamkap/sdk-gen/go/streamkap v${version}\n`);
  expect(goMod).not.toContain("replace ");
});
