/**
 * Pulumi's `ResourceProvider` service as the plugin serves it: per method, the protobuf types of its request and
 * response (declared in messages.ts) and their shapes, which the gRPC server holds each call to where it arrives.
 * A request is read as proto3 means it (an absent string is "", an absent number 0) with each Struct as a plain
 * JSON object, so a handler reads typed fields; an answer is written from plain objects, its Structs made here.
 * Only the fields the plugin reads or writes are named; protobuf skips the others.
 */
import { z } from "zod";

import { fromStruct, type JsonObject, toStruct } from "./struct";

const text = z.string().default("");
const seconds = z.number().default(0);

/** A Struct as decoded, read as its JSON object; an absent one stays absent (Read of `pulumi import` has none). */
const structIn = z
  .object({ fields: z.record(z.string(), z.unknown()).optional() })
  .optional()
  .transform((struct): JsonObject | undefined => fromStruct(struct));

/** A JSON object, written as a Struct. */
const structOut = z.record(z.string(), z.unknown()).transform(toStruct);

const empty = z.object({});

const checkFailure = z.object({ property: z.string(), reason: z.string() });

const checkRequest = z.object({ urn: text, olds: structIn, news: structIn });
const checkResponse = z.object({ inputs: structOut.optional(), failures: z.array(checkFailure) });

/** `PropertyDiff.Kind` and `DiffResponse.DiffChanges` by their names, which protobufjs encodes. */
export const propertyDiffKinds = [
  "ADD",
  "ADD_REPLACE",
  "DELETE",
  "DELETE_REPLACE",
  "UPDATE",
  "UPDATE_REPLACE",
] as const;
const diffChanges = ["DIFF_UNKNOWN", "DIFF_NONE", "DIFF_SOME"] as const;

const diffResponse = z.object({
  changes: z.enum(diffChanges),
  replaces: z.array(z.string()).optional(),
  deleteBeforeReplace: z.boolean().optional(),
  hasDetailedDiff: z.boolean().optional(),
  detailedDiff: z.record(z.string(), z.object({ kind: z.enum(propertyDiffKinds), inputDiff: z.boolean() })).optional(),
});

interface Method<Request extends z.ZodType, Response extends z.ZodType> {
  requestType: string;
  request: Request;
  responseType: string;
  response: Response;
}

function method<Request extends z.ZodType, Response extends z.ZodType>(
  requestType: string,
  request: Request,
  responseType: string,
  response: Response,
): Method<Request, Response> {
  return { requestType, request, responseType, response };
}

/**
 * The methods served. One not here (`Handshake`, `Construct`, …) answers UNIMPLEMENTED, which the engine takes as
 * "use the default".
 */
export const resourceProvider = {
  GetPluginInfo: method("google.protobuf.Empty", empty, "pulumirpc.PluginInfo", z.object({ version: z.string() })),
  GetSchema: method(
    "pulumirpc.GetSchemaRequest",
    empty,
    "pulumirpc.GetSchemaResponse",
    z.object({ schema: z.string() }),
  ),
  GetMappings: method(
    "pulumirpc.GetMappingsRequest",
    z.object({ key: text }),
    "pulumirpc.GetMappingsResponse",
    z.object({ providers: z.array(z.string()) }),
  ),
  GetMapping: method(
    "pulumirpc.GetMappingRequest",
    z.object({ key: text, provider: text }),
    "pulumirpc.GetMappingResponse",
    z.object({ provider: z.string().optional(), data: z.instanceof(Buffer).optional() }),
  ),
  CheckConfig: method("pulumirpc.CheckRequest", checkRequest, "pulumirpc.CheckResponse", checkResponse),
  Configure: method(
    "pulumirpc.ConfigureRequest",
    z.object({ variables: z.record(z.string(), z.string()).default({}) }),
    "pulumirpc.ConfigureResponse",
    z.object({
      acceptSecrets: z.boolean(),
      supportsPreview: z.boolean(),
      acceptResources: z.boolean(),
      acceptOutputs: z.boolean(),
    }),
  ),
  Check: method("pulumirpc.CheckRequest", checkRequest, "pulumirpc.CheckResponse", checkResponse),
  Diff: method(
    "pulumirpc.DiffRequest",
    z.object({ id: text, urn: text, olds: structIn, news: structIn, oldInputs: structIn }),
    "pulumirpc.DiffResponse",
    diffResponse,
  ),
  Create: method(
    "pulumirpc.CreateRequest",
    z.object({ urn: text, properties: structIn, timeout: seconds }),
    "pulumirpc.CreateResponse",
    z.object({ id: z.string(), properties: structOut }),
  ),
  Read: method(
    "pulumirpc.ReadRequest",
    z.object({ id: text, urn: text, properties: structIn }),
    "pulumirpc.ReadResponse",
    z.object({ id: z.string().optional(), properties: structOut.optional(), inputs: structOut.optional() }),
  ),
  Update: method(
    "pulumirpc.UpdateRequest",
    z.object({ id: text, urn: text, olds: structIn, news: structIn, timeout: seconds }),
    "pulumirpc.UpdateResponse",
    z.object({ properties: structOut }),
  ),
  Delete: method(
    "pulumirpc.DeleteRequest",
    z.object({ id: text, urn: text, properties: structIn, timeout: seconds }),
    "google.protobuf.Empty",
    empty,
  ),
  Invoke: method(
    "pulumirpc.InvokeRequest",
    z.object({ tok: text, args: structIn }),
    "pulumirpc.InvokeResponse",
    z.object({ return: structOut, failures: z.array(checkFailure) }),
  ),
  Cancel: method("google.protobuf.Empty", empty, "google.protobuf.Empty", empty),
  Attach: method("pulumirpc.PluginAttach", z.object({ address: text }), "google.protobuf.Empty", empty),
};

export type MethodName = keyof typeof resourceProvider;
/** A method's request as its handler reads it. */
export type RequestOf<M extends MethodName> = z.output<(typeof resourceProvider)[M]["request"]>;
/** A method's answer as its handler writes it (Structs as plain objects). */
export type ResponseOf<M extends MethodName> = z.input<(typeof resourceProvider)[M]["response"]>;

export type CheckRequest = RequestOf<"Check">;
export type CheckResponse = ResponseOf<"Check">;
export type DiffResponse = ResponseOf<"Diff">;
export type PropertyDiffKind = (typeof propertyDiffKinds)[number];
export type GetMappingsRequest = RequestOf<"GetMappings">;
export type GetMappingsResponse = ResponseOf<"GetMappings">;
export type GetMappingRequest = RequestOf<"GetMapping">;
export type GetMappingResponse = ResponseOf<"GetMapping">;
