/**
 * A small forwarding HTTP proxy on 127.0.0.1, as a corporate network's is: absolute-URI requests
 * (`GET http://host:port/path`, what a client sends for an http endpoint through `HTTP_PROXY`) are forwarded and
 * answered, CONNECT (`CONNECT host:port`, what it sends for an https endpoint through `HTTPS_PROXY`) opens a tunnel.
 * It records what went through it, so a test can say the provider's calls did, and nothing else did. `reaches`
 * says which host:port it can reach, as a company's proxy reaches the internet but not the runner's own loopback:
 * any other target is recorded and answered 403 (a request) or refused (a tunnel).
 */
import * as http from "node:http";
import * as net from "node:net";
import type { AddressInfo } from "node:net";

export interface ProxiedCall {
  /** "CONNECT" for a tunnel, else the request's method. */
  method: string;
  /** The host:port asked for. */
  target: string;
  /** The path asked for; undefined for a tunnel (its content is the client's TLS). */
  path?: string;
  /** False when the proxy could not reach the target (`reaches`) and turned it away. */
  reached: boolean;
}

export interface ForwardProxy {
  /** `http://127.0.0.1:<port>`, the value for HTTPS_PROXY / HTTP_PROXY. */
  url: string;
  /** Every request and tunnel so far, in order. */
  calls(): ProxiedCall[];
  reset(): void;
  close(): Promise<void>;
}

export async function startForwardProxy(reaches: (target: string) => boolean = () => true): Promise<ForwardProxy> {
  let calls: ProxiedCall[] = [];
  const sockets = new Set<net.Socket>();
  const server = http.createServer((request, response) => {
    let target: URL;
    try {
      target = new URL(request.url ?? "");
    } catch {
      // A proxy answers 400 to an origin-form request (`GET /path`): the client did not mean it as a proxy.
      response.writeHead(400).end("a proxy takes absolute-URI requests");
      return;
    }
    const reached = reaches(target.host);
    calls.push({ method: request.method ?? "", target: target.host, path: target.pathname, reached });
    if (!reached) {
      response.writeHead(403).end("this proxy cannot reach that host");
      return;
    }
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port || 80,
        method: request.method,
        path: `${target.pathname}${target.search}`,
        headers: withoutHopByHop(request.headers),
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(response);
      },
    );
    upstream.on("error", () => response.headersSent || response.writeHead(502).end());
    request.pipe(upstream);
  });
  server.on("connect", (request: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = request.url ?? "";
    const reached = reaches(target);
    calls.push({ method: "CONNECT", target, reached });
    if (!reached) {
      client.end("HTTP/1.1 403 Forbidden\r\n\r\n");
      return;
    }
    const [host, port] = splitHostPort(target);
    const upstream = net.connect(port, host, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => sockets.delete(socket));
    }
    upstream.on("error", () => client.destroy());
    client.on("error", () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls: () => [...calls],
    reset: () => {
      calls = [];
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function splitHostPort(target: string): [string, number] {
  const at = target.lastIndexOf(":");
  return [target.slice(0, at).replace(/^\[(.*)\]$/, "$1"), Number(target.slice(at + 1))];
}

const hopByHop = new Set(["connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "upgrade"]);

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name.toLowerCase())));
}
