/**
 * The engine's `Log` call: how a provider's warning becomes an engine diagnostic (`warning: …` in the CLI, a
 * diagnostic event in `--json` and the Automation API), attached to a resource when its URN is given. One
 * client per engine address, made on first use.
 */
import * as grpc from "@grpc/grpc-js";

import { decode, encode } from "./messages";

let client: { address: string; channel: grpc.Client } | undefined;

function clientFor(address: string): grpc.Client {
  if (client?.address !== address) {
    client?.channel.close();
    // The engine listens on this machine's loopback, which no proxy can reach for us: grpc-js would otherwise send
    // the call through the lower-case https_proxy/http_proxy a user set for the API.
    const direct = { "grpc.enable_http_proxy": 0 };
    client = { address, channel: new grpc.Client(address, grpc.credentials.createInsecure(), direct) };
  }
  return client.channel;
}

/** Sends a warning to the engine at `address`; settles when the engine has it. */
export function logWarning(address: string, message: string, urn: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    clientFor(address).makeUnaryRequest(
      "/pulumirpc.Engine/Log",
      (request: Record<string, unknown>) => encode("pulumirpc.LogRequest", request),
      (bytes: Buffer) => decode("google.protobuf.Empty", bytes),
      { severity: "WARNING", message, urn: urn ?? "" },
      (error) => (error ? reject(error) : resolve()),
    );
  });
}
