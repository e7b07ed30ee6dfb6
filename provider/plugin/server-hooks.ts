/**
 * What Pulumi's Node.js provider server (`@pulumi/pulumi/provider`) does not do for the plugin, added around it. The
 * server registers its gRPC service with grpc-js; wrapping that registration lets the plugin
 * - read `Configure`'s variables (the decrypted stack config of the `streamkap` package), which the server does not
 *   hand the provider, under the same names as stack config (`streamkap:clientId`, …);
 * - answer `pulumi import`'s Read, which comes with no properties, which the server does not expect;
 * - run each resource call with its resource's URN (so warnings attach to it), the timeout `customTimeouts` sets
 *   and Diff's old inputs at hand (call-context.ts);
 * - answer Diff per property (detailed-diff.ts), which the server's answer has no field for.
 */
import * as path from "node:path";

import type { DiffOutcome } from "../engine/diff";
import { attributedTo } from "../engine/report";
import * as runtime from "../runtime";
import { withCall } from "./call-context";
import { diffResponse } from "./detailed-diff";
import { revealProps } from "./wire-secrets";

type Props = Record<string, unknown>;
type Handler = (call: { request: unknown }, callback: unknown) => unknown;

interface DiffRequest {
  getId(): string;
  getUrn(): string;
  getOlds(): { toJavaScript(): Props };
  getNews(): { toJavaScript(): Props };
}

type DiffFunction = (id: string, urn: string, olds: Props, news: Props) => Promise<DiffOutcome>;

/** Diff as the engine's gRPC call, answered with per-property detail (detailed-diff.ts). */
function answeringDiff(diff: DiffFunction): Handler {
  return async (call, callback) => {
    const answer = callback as (error: unknown, response?: unknown) => void;
    try {
      const request = call.request as DiffRequest;
      const olds = request.getOlds().toJavaScript();
      answer(
        undefined,
        diffResponse(await diff(request.getId(), request.getUrn(), olds, request.getNews().toJavaScript())),
      );
    } catch (error) {
      answer(error);
    }
  };
}

interface ConfigureRequest {
  getVariablesMap(): { toObject(): Array<[string, string]> };
}
/** The calls about one resource, each run with that resource's URN and timeout at hand. */
const resourceCalls = ["check", "diff", "create", "read", "update", "delete"] as const;
/** What every resource call's request carries: its resource, and for create, update and delete a timeout. */
interface ResourceRequest {
  getUrn?(): string;
  getTimeout?(): number;
  getOldInputs?(): { toJavaScript(): Props } | undefined;
}
interface ReadRequest {
  getProperties(): unknown;
  setProperties(value: unknown): void;
  getInputs(): unknown;
  setInputs(value: unknown): void;
}

/** Installs the additions; before `pulumi.provider.main` starts the server. */
export function extendProviderServer(diff: DiffFunction): void {
  const pulumiDir = path.dirname(require.resolve("@pulumi/pulumi/package.json"));
  const grpc = require(require.resolve("@grpc/grpc-js", { paths: [pulumiDir] })) as {
    Server: { prototype: { addService(service: unknown, implementation: Record<string, Handler>): void } };
  };
  const { Struct } = require(
    require.resolve("google-protobuf/google/protobuf/struct_pb.js", { paths: [pulumiDir] }),
  ) as {
    Struct: new () => unknown;
  };
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (service, implementation) {
    const configure = implementation.configure?.bind(implementation);
    if (configure) {
      implementation.configure = (call, callback) => {
        // The engine names them `streamkap:config:clientId`; stack config says `streamkap:clientId`.
        const request = call.request as ConfigureRequest;
        const variables = new Map(
          request
            .getVariablesMap()
            .toObject()
            .map(([key, value]) => [key.replace(/:config:/, ":"), value]),
        );
        void runtime.configure({ get: (key) => variables.get(key) });
        return configure(call, callback);
      };
    }
    // `pulumi import` reads an object by id alone: no properties, which the server does not expect.
    const read = implementation.read?.bind(implementation);
    if (read) {
      implementation.read = (call, callback) => {
        const request = call.request as ReadRequest;
        if (!request.getProperties()) request.setProperties(new Struct());
        if (!request.getInputs()) request.setInputs(new Struct());
        return read(call, callback);
      };
    }
    implementation.diff = answeringDiff(diff);
    for (const method of resourceCalls) {
      const handler = implementation[method]?.bind(implementation);
      if (!handler) continue;
      implementation[method] = (call, callback) => {
        const request = call.request as ResourceRequest;
        const context = {
          timeoutSeconds: request.getTimeout?.() ?? 0,
          oldInputs: revealProps(request.getOldInputs?.()?.toJavaScript()),
        };
        return attributedTo(request.getUrn?.() ?? "", () => withCall(context, () => handler(call, callback)));
      };
    }
    return addService.call(this, service, implementation);
  };
}
