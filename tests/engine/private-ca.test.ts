/**
 * A private certificate authority (issue #39, point 15): the local server over https (`local --tls`), its
 * certificate signed by a CA made at start. `pulumi up` through the dynamic classes and through the provider
 * plugin (from source, bin/pulumi-resource-streamkap) succeeds when NODE_EXTRA_CA_CERTS names the CA's PEM file;
 * without it the error names the URL and says what to do, at once (a refused certificate is not retried). An
 * endpoint where nothing listens is reported with its URL too, within seconds whatever the retry budget.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { type LocalServer, startLocalServer } from "../../server";
import { callsDuring } from "../harness/calls";
import { type CliRun, pluginOnPath, runPulumi, runPulumiOk } from "../harness/process";
import { TestProject } from "../harness/project";

let server: LocalServer;
const projects: Record<string, TestProject> = {};
const tlsDir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-private-ca-"));
// A budget far below the default, so that today's code, which retried a refused certificate, fails in seconds.
const config = { "streamkap:retryBudgetMs": "3000" };

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 20, deleteDelayMs: 20, tls: { dir: tlsDir } });
  projects.dynamic = await TestProject.create("tag", server, config);
  projects.plugin = await TestProject.create("plugin", server, config);
});
afterAll(async () => {
  Object.values(projects).forEach((project) => project.dispose());
  await server?.close();
  fs.rmSync(tlsDir, { recursive: true, force: true });
});

const withoutCa = { NODE_EXTRA_CA_CERTS: undefined };
const output = (run: CliRun) => `${run.stdout}\n${run.stderr}`;

test("the server is https, and its CA's PEM file is where it says", () => {
  expect(server.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
  expect(server.caFile).toBe(path.join(tlsDir, "ca.pem"));
  expect(fs.readFileSync(server.caFile ?? "", "utf8")).toContain("-----BEGIN CERTIFICATE-----");
  expect(fs.readdirSync(tlsDir).sort()).toEqual(["ca.pem", "server-key.pem", "server.pem"]); // the CA's key is gone
});

describe.each([
  ["the dynamic classes", "dynamic", {}],
  ["the provider plugin", "plugin", pluginOnPath],
])("%s", (_, name, face) => {
  test("without NODE_EXTRA_CA_CERTS, up fails naming the URL and the way out", async () => {
    const run = await runPulumi(projects[name], ["up", "--yes", "--skip-preview"], { ...face, ...withoutCa });
    expect(run.code).not.toBe(0);
    expect(output(run)).toContain(`POST ${server.baseUrl}/auth/access-token failed: the TLS certificate was refused`);
    expect(output(run)).toContain("point NODE_EXTRA_CA_CERTS at its PEM file");
  });

  test("with NODE_EXTRA_CA_CERTS naming the CA's PEM file, up succeeds over https", async () => {
    const calls = await callsDuring(server, () =>
      runPulumiOk(projects[name], ["up", "--yes", "--skip-preview"], { ...face, NODE_EXTRA_CA_CERTS: server.caFile }),
    );
    expect(calls).toContain("POST /tags");
    await runPulumiOk(projects[name], ["destroy", "--yes", "--skip-preview"], {
      ...face,
      NODE_EXTRA_CA_CERTS: server.caFile,
    });
  });
});

test("an endpoint where nothing has ever listened: the error names its URL, without waiting out the retry budget", async () => {
  const closed = await startLocalServer();
  const url = closed.baseUrl;
  await closed.close();
  const project = projects.dynamic;
  // A retry budget longer than this test's timeout: only giving up on refusals before any answer ends the run.
  await project.setConfig({ "streamkap:endpoint": url, "streamkap:retryBudgetMs": "3600000" });
  try {
    const run = await runPulumi(project, ["up", "--yes", "--skip-preview"], withoutCa);
    expect(run.code).not.toBe(0);
    expect(output(run)).toContain(`POST ${url}/auth/access-token failed: connection refused (ECONNREFUSED)`);
    expect(output(run)).toContain("Nothing has answered there since the provider started: check streamkap:endpoint");
  } finally {
    await project.setConfig({ "streamkap:endpoint": server.baseUrl, ...config });
  }
}, 120_000);
