// `pulumi-streamkap local --json` as a child process, for tests of what the command itself promises.
import { spawn, type ChildProcess } from "node:child_process";
import { join } from "node:path";

const CLI = join(__dirname, "../../cli/main.js");

export interface Ready {
  baseUrl: string;
  clientId: string;
  secret: string;
  services: Array<{ name: string; clientId: string; secret: string }>;
}

/** `pulumi-streamkap local --json` as a child process; resolves with its ready line, or its exit and stderr. */
export function startChild(args: string[]): { child: ChildProcess; ready: Promise<Ready>; exited: Promise<ChildExit> } {
  const child = spawn(process.execPath, [CLI, "local", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<ChildExit>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, stdout: out, stderr: err })),
  );
  const ready = new Promise<Ready>((resolve, reject) => {
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("\n")) resolve(JSON.parse(out.split("\n")[0]) as Ready);
    });
    void exited.then((e) => reject(new Error(`server exited (${e.code}): ${e.stderr}`)));
  });
  ready.catch(() => undefined);
  return { child, ready, exited };
}

export interface ChildExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}
