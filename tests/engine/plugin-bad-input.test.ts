/**
 * Bad input through the provider plugin (issue #17), in a Pulumi YAML program against the local API server: the
 * preview fails at the resource, naming the input and the rule (the plugin's `check`, the same as the TypeScript
 * classes'), prints no secret, and calls nothing.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring } from "../harness/calls";
import { type CliRun, runPulumi } from "../harness/process";
import { TestProject } from "../harness/project";

const repoRoot = path.resolve(__dirname, "../../..");
let server: LocalServer;
let project: TestProject;

beforeAll(async () => {
  server = await startLocalServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-plugin-bad-"));
  fs.writeFileSync(
    path.join(dir, "Pulumi.yaml"),
    `name: plugin-bad-input
runtime: yaml
plugins:
  providers:
    - name: streamkap
      path: ${path.join(repoRoot, "bin")}
resources:
  db:
    type: streamkap:PostgresqlSource
    properties:
      databaseHostname: db.example.com
      databasePort: 70000
      databaseUser: streamkap
      databasePassword:
        fn::secret: plugin-bad-password-3e9d
      databaseDbname: shop
      schemaIncludeList: public
      tableIncludeList: public.orders
`,
  );
  project = await TestProject.fromDirectory(dir, server);
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

test("a value out of range fails the preview at the resource, naming the input and the rule, and calls nothing", async () => {
  let preview: CliRun | undefined;
  const calls = await callsDuring(server, async () => {
    preview = await runPulumi(project, ["preview"]);
  });
  expect(preview?.code).not.toBe(0);
  const diagnostics = preview?.stdout.slice(preview.stdout.indexOf("Diagnostics:")) ?? "";
  expect(diagnostics).toMatch(
    /streamkap:index:PostgresqlSource \(db\):\n\s+error: .*`databasePort`: must be between 1 and 65535 \[STREAMKAP_ERR_INVALID_INPUT\]/,
  );
  expect(`${preview?.stdout}${preview?.stderr}`).not.toContain("plugin-bad-password-3e9d");
  expect(calls).toEqual([]);
});
