/**
 * pulumi-resource-streamkap (issue #17): the same engine as a Pulumi provider plugin, serving schema.json's
 * resources (`streamkap:index:<Class>`) through the runtime the dynamic providers use (runtime.ts), so every
 * Pulumi language can use it. Started by main.ts, the plugin's entry, once it has checked the ground.
 *
 * The provider's settings are the stack's `streamkap:*` config, which `Configure` brings, with the same environment
 * fallbacks as the dynamic providers'; secrets are revealed on the way in and marked on the way out
 * (wire-secrets.ts). The gRPC server is the plugin's own (server.ts): nothing here runs on the user's copy of
 * @pulumi/pulumi.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { attachEngine, attributedTo } from "../engine/report";
import { ResourceInitError } from "../errors";
import { kindNamed } from "../kinds";
import * as runtime from "../runtime";
import type { Message } from "../protocol/messages";
import { fromStruct, toStruct } from "../protocol/struct";
import { oldInputsOfCall, withCall, withoutTimeouts, withTimeoutOf } from "./call-context";
import { diffResponse } from "./detailed-diff";
import { pluginVersion } from "./plugin-version";
import { type Handlers, serve } from "./server";
import { getMapping, getMappings } from "./terraform-mapping";
import { kindOf, withAutoName } from "./tokens";
import { markedSecret, revealProps } from "./wire-secrets";
import { settingProblems } from "../settings";

type Props = Record<string, unknown>;

/**
 * The kind's secret keys and those the program sent as secrets, marked secret again for the engine. A secret key
 * may name a key inside an input (a generic connector's `config`): the whole input is marked then.
 */
function concealed(kind: string, props: Props, alsoSecret: ReadonlySet<string>): Props {
  const secretKeys = new Set(kindNamed(kind).secretKeys?.(props as never) ?? []);
  const holdsSecret = (value: unknown) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).some((key) => secretKeys.has(key));
  const inner = Object.keys(props).filter((key) => holdsSecret(props[key]));
  return markedSecret(props, new Set([...alsoSecret, ...secretKeys, ...inner]));
}

/**
 * An object made (or changed) that then failed to become ready is kept in the stack with the properties its
 * error carries. The engine stores them as outputs, so secrets are marked as in any answer; and they travel as a
 * protobuf Struct, which takes JSON values only.
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

const version = pluginVersion();

/** Each resource call runs with its resource's URN (warnings attach to it), its timeout and Diff's old inputs. */
function resourceCall<T>(request: Message, work: () => Promise<T>): Promise<T> {
  const context = {
    timeoutSeconds: typeof request.timeout === "number" ? request.timeout : 0,
    oldInputs: revealProps(fromStruct(request.oldInputs)),
  };
  return attributedTo(String(request.urn ?? ""), () => withCall(context, work));
}

/**
 * The provider's settings before any call: a `streamkap:` key that is no setting, or a value a setting cannot
 * take, fails the preview naming it (the TypeScript classes check the same when a program declares its first
 * resource). The engine passes the stack's config of the namespace as the provider's inputs, by bare name.
 */
function checkConfig(request: Message): Message {
  const news = revealProps(fromStruct(request.news));
  // The engine adds these to every provider's inputs.
  const engineKeys = new Set(["version", "pluginDownloadURL"]);
  const values = new Map(
    Object.entries(news)
      .filter(([key]) => !engineKeys.has(key) && !key.startsWith("__"))
      .map(([key, value]) => [`streamkap:${key}`, typeof value === "string" ? value : JSON.stringify(value)]),
  );
  // `urn:pulumi:<stack>::<project>::pulumi:providers:streamkap::<name>`
  const project = String(request.urn ?? "").split("::")[1];
  const problems = settingProblems([...values.keys()], (key) => values.get(key), process.env, project);
  return {
    inputs: request.news,
    failures: problems.map((reason) => ({ property: "", reason })),
  };
}

const readSchema = () => fs.readFileSync(path.resolve(__dirname, "../../../schema.json"), "utf8");

const handlers: Handlers = {
  GetPluginInfo: async () => ({ version }),
  GetSchema: async () => ({ schema: readSchema() }),
  GetMappings: async (request) => getMappings(request),
  GetMapping: async (request) => getMapping(request, readSchema),
  CheckConfig: async (request) => checkConfig(request),
  Configure: async (request) => {
    // The engine names them `streamkap:config:clientId`; stack config says `streamkap:clientId`.
    const variables = new Map(
      Object.entries((request.variables ?? {}) as Record<string, string>).map(([key, value]) => [
        key.replace(/:config:/, ":"),
        value,
      ]),
    );
    await runtime.configure({ get: (key) => variables.get(key) });
    return { acceptSecrets: true, supportsPreview: false, acceptResources: true, acceptOutputs: true };
  },
  Check: (request) =>
    resourceCall(request, async () => {
      const urn = String(request.urn);
      const kind = kindOf(urn);
      const secret = new Set<string>();
      const news = withAutoName(kind, urn, revealProps(fromStruct(request.news), secret));
      const outcome = await runtime.check(kind, revealProps(fromStruct(request.olds)), news);
      const inputs = concealed(kind, (outcome.inputs ?? news) as Props, secret);
      return { inputs: toStruct(inputs), failures: outcome.failures ?? [] };
    }),
  Diff: (request) =>
    resourceCall(request, async () => {
      const olds = revealProps(fromStruct(request.olds));
      const news = revealProps(fromStruct(request.news));
      const kind = kindOf(String(request.urn));
      return diffResponse(await runtime.diff(kind, String(request.id), olds, news, oldInputsOfCall()));
    }),
  Create: (request) =>
    resourceCall(request, async () => {
      const kind = kindOf(String(request.urn));
      const secret = new Set<string>();
      const inputs = revealProps(fromStruct(request.properties), secret);
      const created = await keepingInitState(kind, secret, () => runtime.create(kind, withTimeoutOf("create", inputs)));
      return { id: created.id, properties: toStruct(concealed(kind, withoutTimeouts(created.outs), secret)) };
    }),
  Read: (request) =>
    resourceCall(request, async () => {
      const kind = kindOf(String(request.urn));
      const secret = new Set<string>();
      // `pulumi import` reads an object by id alone: no properties.
      const outcome = await runtime.read(kind, String(request.id), revealProps(fromStruct(request.properties), secret));
      return {
        id: outcome.id,
        ...(outcome.props ? { properties: toStruct(concealed(kind, outcome.props, secret)) } : {}),
        ...(outcome.inputs ? { inputs: toStruct(concealed(kind, outcome.inputs, secret)) } : {}),
      };
    }),
  Update: (request) =>
    resourceCall(request, async () => {
      const kind = kindOf(String(request.urn));
      const secret = new Set<string>();
      const olds = revealProps(fromStruct(request.olds), secret);
      const news = revealProps(fromStruct(request.news), secret);
      const updated = await keepingInitState(kind, secret, () =>
        runtime.update(kind, String(request.id), olds, withTimeoutOf("update", news)),
      );
      return { properties: toStruct(concealed(kind, withoutTimeouts(updated.outs), secret)) };
    }),
  Delete: (request) =>
    resourceCall(request, async () => {
      const kind = kindOf(String(request.urn));
      await runtime.delete(
        kind,
        String(request.id),
        withTimeoutOf("delete", revealProps(fromStruct(request.properties))),
      );
      return {};
    }),
  // The lookups load with the first invoke: most runs declare resources only.
  Invoke: async (request) => {
    const { invoke } = require("./invokes") as typeof import("./invokes");
    const result = await invoke(String(request.tok), fromStruct(request.args) ?? {});
    return { return: toStruct(result.outputs), failures: result.failures ?? [] };
  },
  Cancel: async () => ({}),
  Attach: async (request) => {
    attachEngine(String(request.address));
    return {};
  },
};

/** A failure outside any call would otherwise end the plugin silently: say what it was, and exit non-zero. */
function reportFatal(error: unknown): void {
  console.error(
    `pulumi-resource-streamkap: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
  );
  process.exitCode = 1;
}
/** Serves the engine until it goes away. */
export function servePlugin(): void {
  process.on("uncaughtException", reportFatal);
  process.on("unhandledRejection", reportFatal);
  // The engine reads the port from the first line the plugin prints.
  serve(handlers).then((port) => console.log(String(port)), reportFatal);
}
