/**
 * The plugin's gRPC server: Pulumi's `ResourceProvider` service on @grpc/grpc-js, each call decoded from and
 * encoded to the protocol's messages (provider/protocol/messages.ts) by this code. The engine starts the plugin,
 * reads the port it prints on standard output, and calls it there. A method not served here (`Handshake`,
 * `CheckConfig`, `Construct`, …) answers UNIMPLEMENTED, which the engine takes as "use the default".
 */
import * as grpc from "@grpc/grpc-js";

import { ResourceInitError, withCodeInMessage } from "../errors";
import { decode, encode, type Message } from "../protocol/messages";
import { toStruct } from "../protocol/struct";

/** Each served method's request and response message types. */
const methods = {
  GetPluginInfo: ["google.protobuf.Empty", "pulumirpc.PluginInfo"],
  GetSchema: ["pulumirpc.GetSchemaRequest", "pulumirpc.GetSchemaResponse"],
  GetMappings: ["pulumirpc.GetMappingsRequest", "pulumirpc.GetMappingsResponse"],
  GetMapping: ["pulumirpc.GetMappingRequest", "pulumirpc.GetMappingResponse"],
  CheckConfig: ["pulumirpc.CheckRequest", "pulumirpc.CheckResponse"],
  Configure: ["pulumirpc.ConfigureRequest", "pulumirpc.ConfigureResponse"],
  Check: ["pulumirpc.CheckRequest", "pulumirpc.CheckResponse"],
  Diff: ["pulumirpc.DiffRequest", "pulumirpc.DiffResponse"],
  Create: ["pulumirpc.CreateRequest", "pulumirpc.CreateResponse"],
  Read: ["pulumirpc.ReadRequest", "pulumirpc.ReadResponse"],
  Update: ["pulumirpc.UpdateRequest", "pulumirpc.UpdateResponse"],
  Delete: ["pulumirpc.DeleteRequest", "google.protobuf.Empty"],
  Invoke: ["pulumirpc.InvokeRequest", "pulumirpc.InvokeResponse"],
  Cancel: ["google.protobuf.Empty", "google.protobuf.Empty"],
  Attach: ["pulumirpc.PluginAttach", "google.protobuf.Empty"],
} as const;

export type MethodName = keyof typeof methods;
export type Handlers = Record<MethodName, (request: Message) => Promise<Message>>;

/** `google.rpc.Status` details the engine reads from a failed call: an object made that did not become ready. */
function statusDetails(error: ResourceInitError): grpc.Metadata {
  const detail = encode("pulumirpc.ErrorResourceInitFailed", {
    id: error.id,
    properties: toStruct(error.properties),
    reasons: error.reasons,
  });
  const status = encode("google.rpc.Status", {
    code: grpc.status.UNKNOWN,
    message: error.message,
    details: [{ typeUrl: "type.googleapis.com/pulumirpc.ErrorResourceInitFailed", value: detail }],
  });
  const metadata = new grpc.Metadata();
  metadata.add("grpc-status-details-bin", status);
  return metadata;
}

/** A failure as the engine reads it: the message, and for an object that did not become ready, the object. */
function serviceError(failure: unknown): Partial<grpc.StatusObject> {
  const error = withCodeInMessage(failure);
  const message = error instanceof Error ? error.message : String(error);
  return {
    code: grpc.status.UNKNOWN,
    details: message,
    ...(ResourceInitError.is(error) ? { metadata: statusDetails(error) } : {}),
  };
}

function serviceDefinition(): grpc.ServiceDefinition {
  return Object.fromEntries(
    Object.entries(methods).map(([name, [requestType, responseType]]) => [
      name,
      {
        path: `/pulumirpc.ResourceProvider/${name}`,
        requestStream: false,
        responseStream: false,
        requestSerialize: (message: Message) => encode(requestType, message),
        requestDeserialize: (bytes: Buffer) => decode(requestType, bytes),
        responseSerialize: (message: Message) => encode(responseType, message),
        responseDeserialize: (bytes: Buffer) => decode(responseType, bytes),
        originalName: name,
      },
    ]),
  );
}

/** Serves `handlers` on a free local port; resolves with the port once the server listens. */
export async function serve(handlers: Handlers): Promise<number> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  const implementation = Object.fromEntries(
    Object.entries(handlers).map(([name, handle]) => [
      name,
      (call: grpc.ServerUnaryCall<Message, Message>, callback: grpc.sendUnaryData<Message>) => {
        handle(call.request).then(
          (response) => callback(null, response),
          (error: unknown) => callback(serviceError(error)),
        );
      },
    ]),
  );
  server.addService(serviceDefinition(), implementation);
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    );
  });
}
