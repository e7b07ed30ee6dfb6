/**
 * `pulumi-streamkap local --tls` (issue #39, point 15): the server answers over https with a certificate for
 * 127.0.0.1 and localhost that only its own CA vouches for; `--json` names the CA's PEM file, which a client given
 * that CA trusts and a client without it refuses. Without --data the CA lives in a temporary directory, removed
 * when the server stops.
 */
import { spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { Agent, request } from "undici";

import { startChild } from "./cli-child";

test("--tls serves https under a private CA whose PEM file --json names; stopping removes it", async () => {
  const { child, ready, exited } = startChild(["--tls", "--json"]);
  const line = (await ready) as Awaited<typeof ready> & { caFile?: string; webhookBaseUrl: string };
  try {
    expect(line.baseUrl).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(line.webhookBaseUrl).toBe(`${line.baseUrl}/webhooks`);
    const caFile = line.caFile ?? "";
    expect(path.basename(caFile)).toBe("ca.pem");
    const ca = fs.readFileSync(caFile, "utf8");

    const trusting = new Agent({ connect: { ca } });
    const port = new URL(line.baseUrl).port;
    for (const origin of [line.baseUrl, `https://localhost:${port}`]) {
      const answer = await request(`${origin}/tags`, { dispatcher: trusting });
      await answer.body.text();
      expect(answer.statusCode).toBe(401); // reached the API, which wants a token
    }
    await trusting.close();

    const untrusting = new Agent();
    await expect(request(`${line.baseUrl}/tags`, { dispatcher: untrusting })).rejects.toMatchObject({
      code: expect.stringMatching(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN/),
    });
    await untrusting.close();

    child.kill("SIGTERM");
    expect((await exited).code).toBe(0);
    expect(fs.existsSync(path.dirname(caFile))).toBe(false);
  } finally {
    child.kill("SIGKILL");
  }
});

test("--tls with --data keeps the CA in DIR/tls and says so in its printed lines", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-tls-data-"));
  // Its printed lines, not --json: a child of its own rather than startChild's, which reads a JSON line.
  const child = spawn(process.execPath, [path.join(__dirname, "../../cli/main.js"), "local", "--tls", "--data", dir], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise((resolve) => child.on("exit", resolve));
  try {
    let out = "";
    await new Promise<void>((resolve) =>
      child.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("Ctrl-C stops")) resolve();
      }),
    );
    const caFile = path.join(dir, "tls", "ca.pem");
    expect(out).toContain(`listening on https://127.0.0.1:`);
    expect(out).toContain(`CA certificate:    ${caFile}  (trust it: NODE_EXTRA_CA_CERTS=${caFile})`);
    expect(fs.existsSync(caFile)).toBe(true);
    child.kill("SIGTERM");
    await exited;
    expect(fs.existsSync(caFile)).toBe(true); // kept with the data
  } finally {
    child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
