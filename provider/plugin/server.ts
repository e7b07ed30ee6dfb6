/**
 * The plugin's gRPC server: Pulumi's `ResourceProvider` service on @grpc/grpc-js, each call decoded from and
 * encoded to the protocol's messages (provider/protocol/messages.ts) by this code, and held to its method's
 * shapes (provider/protocol/resource-provider.ts) on the way in and out. The engine starts the plugin, reads the
 * port it prints on standard output, and calls it there. A method not served here (`Handshake`, `Construct`, …)
 * answers UNIMPLEMENTED, which the engine takes as "use the default".
 */
import * as grpc from "@grpc/grpc-js";

import { ResourceInitError, withCodeInMessage } from "../errors";
import { decode, encode, type Message } from "../protocol/messages";
import { type MethodName, type RequestOf, resourceProvider, type ResponseOf } from "../protocol/resource-provider";
import { toStruct } from "../protocol/struct";

export type Handlers = { [M in MethodName]: (request: RequestOf<M>) => Promise<ResponseOf<M>> };

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
    Object.entries(resourceProvider).map(([name, { requestType, responseType }]) => [
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

/**
 * One method's gRPC implementation: the decoded request read into its shape, the handler's answer written into
 * the response message. A failure anywhere, the reading included, answers as the engine reads failures.
 */
function unary<M extends MethodName>(name: M, handle: Handlers[M]): grpc.handleUnaryCall<Message, Message> {
  const { request, response } = resourceProvider[name];
  return (call, callback) => {
    Promise.resolve(call.request)
      // The method's own schema made it: TypeScript cannot follow a generic key to its entry's output.
      .then((message) => handle(request.parse(message) as RequestOf<M>))
      .then((answer) => response.parse(answer))
      .then(
        (message) => callback(null, message),
        (error: unknown) => callback(serviceError(error)),
      );
  };
}

/** Serves `handlers` on a free local port; resolves with the port once the server listens. */
export async function serve(handlers: Handlers): Promise<number> {
  const server = new grpc.Server({ "grpc.max_receive_message_length": 400 * 1024 * 1024 });
  const names = Object.keys(resourceProvider) as MethodName[];
  const implementation = Object.fromEntries(names.map((name) => [name, unary(name, handlers[name])]));
  server.addService(serviceDefinition(), implementation);
  return new Promise((resolve, reject) => {
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    );
  });
}
