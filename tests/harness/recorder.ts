import * as http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A transparent HTTP relay in front of a local server that notes each request line (`METHOD /path?query`), for
 * tests that hold the provider's URLs against the ones the reference client sends. The server's own call counters
 * leave the query out. Everything is passed through unchanged, both ways.
 */
export interface RequestRecorder {
  baseUrl: string;
  /** `METHOD /path?query` of every request relayed since the last `reset()`, in order. */
  lines: string[];
  reset(): void;
  close(): Promise<void>;
}

const hopByHop = new Set(["connection", "keep-alive", "transfer-encoding", "content-length", "host"]);

export async function startRecorder(target: string): Promise<RequestRecorder> {
  const lines: string[] = [];
  const relay = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      lines.push(`${req.method} ${req.url}`);
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name, value]) => !hopByHop.has(name) && typeof value === "string"),
      ) as Record<string, string>;
      const body = chunks.length > 0 ? Buffer.concat(chunks) : undefined;
      fetch(`${target}${req.url}`, { method: req.method, headers, body })
        .then(async (answer) => {
          const text = Buffer.from(await answer.arrayBuffer());
          const out: Record<string, string> = {};
          answer.headers.forEach((value, name) => {
            if (!hopByHop.has(name) && name !== "content-encoding") out[name] = value;
          });
          res.writeHead(answer.status, out).end(text);
        })
        .catch((error: unknown) => res.writeHead(502).end(String(error)));
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const { port } = relay.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    lines,
    reset: () => lines.splice(0, lines.length),
    close: () =>
      new Promise<void>((resolve) => {
        relay.closeAllConnections();
        relay.close(() => resolve());
      }),
  };
}
