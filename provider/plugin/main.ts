/**
 * pulumi-resource-streamkap (issue #17): the same engine as a Pulumi provider plugin, serving schema.json's
 * resources (`streamkap:index:<Class>`) through the runtime the dynamic providers use (runtime.ts), so every
 * Pulumi language can use it. Run by bin/pulumi-resource-streamkap with the engine's address.
 *
 * Pulumi's Node.js provider server answers `Configure` without handing the provider its settings; the plugin
 * takes them from that call itself (see `captureConfigure`), under the same names as stack config
 * (`streamkap:clientId`, …), with the same environment fallbacks.
 */
import { createHash } from "node:crypto";
import * as fs from "node:fs";
import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";

import { connectorCodes, transformTypes } from "../../catalogue";
import { typedClassName } from "../../catalogue/naming";
import type { DiffOutcome } from "../engine/diff";
import { attributedTo } from "../engine/report";
import { errors, ResourceInitError } from "../errors";
import { kindNamed, kinds } from "../kinds";
import * as runtime from "../runtime";
import { oldInputsOfCall, withCall, withoutTimeouts, withTimeoutOf } from "./call-context";
import { diffResponse } from "./detailed-diff";
import { markedSecret, revealProps } from "./wire-secrets";

type Props = Record<string, unknown>;

/** Every resource token of the schema, to the kind that serves it (the SDK's class names, by the same rules). */
function tokenKinds(): Map<string, string> {
  const map = new Map<string, string>();
  const add = (className: string, kind: string) => map.set(`streamkap:index:${className}`, kind);
  for (const kind of Object.keys(kinds)) add(kind.charAt(0).toUpperCase() + kind.slice(1), kind);
  for (const family of ["source", "destination"] as const) {
    for (const code of connectorCodes(family)) add(typedClassName(family, code), `${family}:${code}`);
  }
  for (const code of transformTypes) add(typedClassName("transform", code), `transform:${code}`);
  return map;
}

const kindsByToken = tokenKinds();

/** `urn:pulumi:<stack>::<project>::<type>::<name>` → its type and parts. */
function parseUrn(urn: string): { stack: string; project: string; type: string; name: string } {
  const parts = urn.split("::");
  return {
    stack: (parts[0] ?? "").replace(/^urn:pulumi:/, ""),
    project: parts[1] ?? "",
    type: (parts[2] ?? "").split("$").pop() ?? "",
    name: parts.slice(3).join("::"),
  };
}

function kindOf(urn: string): string {
  const { type } = parseUrn(urn);
  const kind = kindsByToken.get(type);
  // A type this plugin does not serve was written by a newer pulumi-streamkap: the same advice as for state.
  if (kind === undefined) throw errors.newerState({ kind: type });
  return kind;
}

/**
 * A resource given no `name` is named `<resource name>-<7 characters>`, as the TypeScript SDK names it: the
 * resource name becomes `namePrefix` and the URN the seed (check.ts derives the name from both).
 */
function withAutoName(kind: string, urn: string, news: Props): Props {
  if (news.name !== undefined || !("namePrefix" in kindNamed(kind).schema.shape)) return news;
  const { stack, project, name } = parseUrn(urn);
  // The SDK's seed (sdk/naming.ts): the same resource gets the same name in every run, and in either path.
  const nameSeed = createHash("sha256").update(`${project}/${stack}/${name}`).digest("hex").slice(0, 16);
  return { ...news, namePrefix: name, nameSeed };
}

/** The kind's secret keys and those the program sent as secrets, marked secret again for the engine. */
function concealed(kind: string, props: Props, alsoSecret: ReadonlySet<string>): Props {
  return markedSecret(props, new Set([...alsoSecret, ...(kindNamed(kind).secretKeys?.(props as never) ?? [])]));
}

/**
 * An object made (or changed) that then failed to become ready is kept in the stack with the properties its
 * error carries. The engine stores them as outputs, so secrets are marked as in any answer; and Pulumi's server
 * packs them into a protobuf Struct, which takes JSON values only (an `undefined` there stops the server from
 * answering at all).
 */
async function keepingInitState<T>(kind: string, secret: ReadonlySet<string>, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (ResourceInitError.is(error)) {
      const json = JSON.parse(JSON.stringify(error.properties)) as Props;
      error.properties = concealed(kind, withoutTimeouts(json), secret);
    }
    throw error;
  }
}

async function diffResource(id: string, urn: string, olds: Props, news: Props): Promise<DiffOutcome> {
  return runtime.diff(kindOf(urn), id, revealProps(olds), revealProps(news), oldInputsOfCall());
}

interface DiffRequest {
  getId(): string;
  getUrn(): string;
  getOlds(): { toJavaScript(): Props };
  getNews(): { toJavaScript(): Props };
}

/** Diff as the engine's gRPC call, answered with per-property detail (detailed-diff.ts). */
async function answerDiff(call: { request: unknown }, callback: unknown): Promise<void> {
  const answer = callback as (error: unknown, response?: unknown) => void;
  try {
    const request = call.request as DiffRequest;
    const olds = request.getOlds().toJavaScript();
    answer(
      undefined,
      diffResponse(await diffResource(request.getId(), request.getUrn(), olds, request.getNews().toJavaScript())),
    );
  } catch (error) {
    answer(error);
  }
}

const provider: pulumi.provider.Provider = {
  version: JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../package.json"), "utf8")).version as string,
  getSchema: async () => fs.readFileSync(path.resolve(__dirname, "../../../schema.json"), "utf8"),
  check: async (urn, olds: Props, news: Props) => {
    const kind = kindOf(urn);
    const secret = new Set<string>();
    const outcome = await runtime.check(kind, revealProps(olds), withAutoName(kind, urn, revealProps(news, secret)));
    const inputs = outcome.inputs === undefined ? undefined : concealed(kind, outcome.inputs as Props, secret);
    return { inputs, failures: outcome.failures };
  },
  diff: diffResource,
  create: async (urn, inputs: Props) => {
    const kind = kindOf(urn);
    const secret = new Set<string>();
    const created = await keepingInitState(kind, secret, () =>
      runtime.create(kind, withTimeoutOf("create", revealProps(inputs, secret))),
    );
    return { id: created.id, outs: concealed(kind, withoutTimeouts(created.outs), secret) };
  },
  read: async (id, urn, props?: Props) => {
    const kind = kindOf(urn);
    const secret = new Set<string>();
    const outcome = await runtime.read(kind, id, revealProps(props, secret));
    return {
      ...outcome,
      props: outcome.props && concealed(kind, outcome.props, secret),
      inputs: outcome.inputs && concealed(kind, outcome.inputs, secret),
    };
  },
  update: async (id, urn, olds: Props, news: Props) => {
    const kind = kindOf(urn);
    const secret = new Set<string>();
    const updated = await keepingInitState(kind, secret, () =>
      runtime.update(kind, id, revealProps(olds, secret), withTimeoutOf("update", revealProps(news, secret))),
    );
    return { outs: concealed(kind, withoutTimeouts(updated.outs), secret) };
  },
  delete: async (id, urn, props: Props) => runtime.delete(kindOf(urn), id, withTimeoutOf("delete", revealProps(props))),
  // The lookups load with the first invoke: most runs declare resources only.
  invoke: async (token, inputs: Props) => (require("./invokes") as typeof import("./invokes")).invoke(token, inputs),
};

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
type Handler = (call: { request: unknown }, callback: unknown) => unknown;

/**
 * Pulumi's provider server (`@pulumi/pulumi/provider`) registers its gRPC service with grpc-js; wrapping that
 * registration lets the plugin read what the server does not pass on: `Configure`'s variables (decrypted stack
 * config of the `streamkap` package), each call's resource (so its warnings attach to it), the timeout
 * `customTimeouts` sets and Diff's old inputs; and lets Diff answer per property.
 */
function captureConfigure(): void {
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
    implementation.diff = answerDiff;
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

captureConfigure();
void pulumi.provider.main(provider, process.argv.slice(2));
