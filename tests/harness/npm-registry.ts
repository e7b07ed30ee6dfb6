/**
 * A real npm registry on 127.0.0.1: Verdaccio, installed once into the toolchain cache from tools/verdaccio's
 * lockfile. It holds what the tests publish (pulumi-streamkap, @streamkap/*) and nothing else of its own; every
 * other package a user project needs it fetches from the npm registry this machine uses, as a company's registry
 * does. A project installs through it with `npm … --userconfig <registry.npmrc>`, which names this registry alone.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import * as crypto from "node:crypto";
import * as fs from "node:fs";
import * as net from "node:net";
import * as os from "node:os";
import * as path from "node:path";

import { toolchainCacheDir } from "../../scripts/toolchain-cache";

const repoRoot = path.resolve(__dirname, "../../..");
const toolDir = path.join(repoRoot, "tools", "verdaccio");
const cacheDir = toolchainCacheDir();

export interface NpmRegistry {
  url: string;
  /** An npm user configuration naming this registry, with a publisher's token for it. */
  npmrc: string;
  /** `npm publish` of a tarball to this registry. */
  publish(tarball: string): void;
  close(): Promise<void>;
}

/** Verdaccio's entry, installed from the lockfile into the cache unless that lockfile's install is there. */
function verdaccioEntry(): string {
  const lockfile = fs.readFileSync(path.join(toolDir, "package-lock.json"));
  const fingerprint = crypto.createHash("sha256").update(lockfile).digest("hex").slice(0, 12);
  const home = path.join(cacheDir, `verdaccio-${fingerprint}`);
  const entry = path.join(home, "node_modules", "verdaccio", "bin", "verdaccio");
  if (fs.existsSync(entry)) return entry;
  // Installed beside, then renamed into place: a concurrent install by another test file loses the rename only.
  const scratch = fs.mkdtempSync(path.join(cacheDir, "verdaccio-installing-"));
  for (const file of ["package.json", "package-lock.json"])
    fs.copyFileSync(path.join(toolDir, file), path.join(scratch, file));
  execFileSync("npm", ["ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: scratch,
    stdio: ["ignore", "ignore", "pipe"],
  });
  try {
    fs.renameSync(scratch, home);
  } catch {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
  return entry;
}

async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function untilAnswering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt++) {
    if (child.exitCode !== null) throw new Error(`verdaccio exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${url}-/ping`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`verdaccio did not answer on ${url} within 30 s:\n${log()}`);
}

export async function startNpmRegistry(): Promise<NpmRegistry> {
  const entry = verdaccioEntry();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-npm-registry-"));
  const upstream = execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim();
  fs.writeFileSync(
    path.join(dir, "config.yaml"),
    [
      `storage: ${JSON.stringify(path.join(dir, "storage"))}`,
      "auth:",
      "  htpasswd:",
      `    file: ${JSON.stringify(path.join(dir, "htpasswd"))}`,
      "uplinks:",
      "  upstream:",
      `    url: ${JSON.stringify(upstream)}`,
      "    timeout: 60s",
      "packages:",
      // Ours live here only: a name taken upstream must not shadow what the test published.
      "  'pulumi-streamkap':",
      "    access: $all",
      "    publish: $authenticated",
      "  '@streamkap/*':",
      "    access: $all",
      "    publish: $authenticated",
      "  '**':",
      "    access: $all",
      "    proxy: upstream",
      "log: { type: stdout, format: json, level: warn }",
      "",
    ].join("\n"),
  );
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/`;
  let output = "";
  const child = spawn(
    process.execPath,
    [entry, "--config", path.join(dir, "config.yaml"), "--listen", `127.0.0.1:${port}`],
    {
      cwd: dir,
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await untilAnswering(url, child, () => output);

  // A publisher, as `npm adduser` makes one.
  const added = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release", password: crypto.randomBytes(12).toString("hex") }),
  });
  const { token } = (await added.json()) as { token?: string };
  if (!token) throw new Error(`verdaccio made no publisher (${added.status}):\n${output}`);
  const npmrc = path.join(dir, "registry.npmrc");
  fs.writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`);

  return {
    url,
    npmrc,
    publish(tarball) {
      execFileSync("npm", ["publish", tarball, "--userconfig", npmrc, "--registry", url, "--access", "public"], {
        cwd: dir,
        stdio: ["ignore", "pipe", "pipe"],
      });
    },
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill();
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
