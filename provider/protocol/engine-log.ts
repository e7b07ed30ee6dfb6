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
    client = { address, channel: new grpc.Client(address, grpc.credentials.createInsecure()) };
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
