/**
 * Two Streamkap accounts in one program through the provider plugin (issue #17), as environment cloning wants
 * them: the default provider from the stack's `streamkap:*` config, and an explicit `pulumi:providers:streamkap`
 * resource with its own endpoint and credentials (its secret from secret config). Each resource lands in the
 * account of its provider, and the second account's secret is encrypted in state. Without stack config, the default
 * provider takes the `STREAMKAP_*` environment variables, as the TypeScript classes do.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";
import { leakedSecrets } from "../harness/secrets";

const repoRoot = path.resolve(__dirname, "../../..");
let home: LocalServer;
let other: LocalServer;
let project: TestProject;

beforeAll(async () => {
  [home, other] = await Promise.all([startLocalServer(), startLocalServer()]);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-providers-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: two-accounts
runtime: yaml
config:
  otherSecret:
    type: string
    secret: true
plugins:
  providers:
    - name: streamkap
      path: ${path.join(repoRoot, "bin")}
resources:
  other:
    type: pulumi:providers:streamkap
    properties:
      endpoint: ${other.baseUrl}
      clientId: ${other.clientId}
      secret: \${otherSecret}
  here:
    type: streamkap:Tag
    properties:
      name: in-home-account
      types: [pipelines]
  there:
    type: streamkap:Tag
    properties:
      name: in-other-account
      types: [pipelines]
    options:
      provider: \${other}
`,
  );
  project = await TestProject.fromDirectory(dir, home);
  await project.stack.setConfig("otherSecret", { value: other.secret, secret: true });
});

afterAll(async () => {
  project?.dispose();
  await Promise.all([home?.close(), other?.close()]);
});

const customTags = async (server: LocalServer) =>
  (await new ServiceApi(server).request<{ tags: Array<{ name: string; system: boolean }> }>("GET", "/tags")).tags
    .filter((tag) => !tag.system)
    .map((tag) => tag.name);

test("each resource is made in the account of its provider; the other account's secret stays secret", async () => {
  await runPulumiOk(project, ["up", "--yes", "--skip-preview"]);
  expect(await customTags(home)).toEqual(["in-home-account"]);
  expect(await customTags(other)).toEqual(["in-other-account"]);
  expect(leakedSecrets(project.stateFile(), [other.secret, home.secret])).toEqual([]);
});

test("destroy removes each from its own account", async () => {
  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"]);
  expect(await customTags(home)).toEqual([]);
  expect(await customTags(other)).toEqual([]);
});

test("without stack config, the default provider takes its account from STREAMKAP_* in the environment", async () => {
  await project.stack.removeAllConfig(["streamkap:endpoint", "streamkap:clientId", "streamkap:secret"]);
  const env = { STREAMKAP_HOST: home.baseUrl, STREAMKAP_CLIENT_ID: home.clientId, STREAMKAP_SECRET: home.secret };
  await runPulumiOk(project, ["up", "--yes", "--skip-preview"], env);
  expect(await customTags(home)).toEqual(["in-home-account"]);
  expect(await customTags(other)).toEqual(["in-other-account"]);
  await runPulumiOk(project, ["destroy", "--yes", "--skip-preview"], env);
  expect(await customTags(home)).toEqual([]);
});
