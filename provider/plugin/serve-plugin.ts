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
import type { CheckRequest, CheckResponse } from "../protocol/resource-provider";
import { withoutTimeouts, withTimeout } from "./call-timeout";
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

/**
 * The provider's settings before any call: a `streamkap:` key that is no setting, or a value a setting cannot
 * take, fails the preview naming it (the TypeScript classes check the same when a program declares its first
 * resource). The engine passes the stack's config of the namespace as the provider's inputs, by bare name.
 */
function checkConfig(request: CheckRequest): CheckResponse {
  const news = revealProps(request.news);
  // The engine adds these to every provider's inputs.
  const engineKeys = new Set(["version", "pluginDownloadURL"]);
  const values = new Map(
    Object.entries(news)
      .filter(([key]) => !engineKeys.has(key) && !key.startsWith("__"))
      .map(([key, value]) => [`streamkap:${key}`, typeof value === "string" ? value : JSON.stringify(value)]),
  );
  // `urn:pulumi:<stack>::<project>::pulumi:providers:streamkap::<name>`
  const project = request.urn.split("::")[1];
  const problems = settingProblems([...values.keys()], (key) => values.get(key), process.env, project);
  return {
    inputs: request.news,
    failures: problems.map((reason) => ({ property: "", reason })),
  };
}

const readSchema = () => fs.readFileSync(path.resolve(__dirname, "../../../schema.json"), "utf8");

/** Each resource call runs `attributedTo` its resource's URN: the warnings it raises attach to that resource. */
const handlers: Handlers = {
  GetPluginInfo: async () => ({ version }),
  GetSchema: async () => ({ schema: readSchema() }),
  GetMappings: async (request) => getMappings(request),
  GetMapping: async (request) => getMapping(request, readSchema),
  CheckConfig: async (request) => checkConfig(request),
  Configure: async (request) => {
    // The engine names them `streamkap:config:clientId`; stack config says `streamkap:clientId`.
    const variables = new Map(
      Object.entries(request.variables).map(([key, value]) => [key.replace(/:config:/, ":"), value]),
    );
    await runtime.configure({ get: (key) => variables.get(key) });
    return { acceptSecrets: true, supportsPreview: false, acceptResources: true, acceptOutputs: true };
  },
  Check: ({ urn, olds, news }) =>
    attributedTo(urn, async () => {
      const kind = kindOf(urn);
      const secret = new Set<string>();
      const named = withAutoName(kind, urn, revealProps(news, secret));
      const outcome = await runtime.check(kind, revealProps(olds), named);
      const inputs = concealed(kind, (outcome.inputs ?? named) as Props, secret);
      return { inputs, failures: outcome.failures ?? [] };
    }),
  // The old inputs hold the secrets of an imported object, which its outputs do not.
  Diff: ({ id, urn, olds, news, oldInputs }) =>
    attributedTo(urn, async () => {
      const kind = kindOf(urn);
      return diffResponse(await runtime.diff(kind, id, revealProps(olds), revealProps(news), revealProps(oldInputs)));
    }),
  Create: ({ urn, properties, timeout }) =>
    attributedTo(urn, async () => {
      const kind = kindOf(urn);
      const secret = new Set<string>();
      const inputs = withTimeout("create", timeout, revealProps(properties, secret));
      const created = await keepingInitState(kind, secret, () => runtime.create(kind, inputs));
      return { id: created.id, properties: concealed(kind, withoutTimeouts(created.outs), secret) };
    }),
  Read: ({ id, urn, properties }) =>
    attributedTo(urn, async () => {
      const kind = kindOf(urn);
      const secret = new Set<string>();
      // `pulumi import` reads an object by id alone: no properties.
      const outcome = await runtime.read(kind, id, revealProps(properties, secret));
      return {
        id: outcome.id,
        ...(outcome.props ? { properties: concealed(kind, outcome.props, secret) } : {}),
        ...(outcome.inputs ? { inputs: concealed(kind, outcome.inputs, secret) } : {}),
      };
    }),
  Update: ({ id, urn, olds, news, timeout }) =>
    attributedTo(urn, async () => {
      const kind = kindOf(urn);
      const secret = new Set<string>();
      const before = revealProps(olds, secret);
      const after = withTimeout("update", timeout, revealProps(news, secret));
      const updated = await keepingInitState(kind, secret, () => runtime.update(kind, id, before, after));
      return { properties: concealed(kind, withoutTimeouts(updated.outs), secret) };
    }),
  Delete: ({ id, urn, properties, timeout }) =>
    attributedTo(urn, async () => {
      await runtime.delete(kindOf(urn), id, withTimeout("delete", timeout, revealProps(properties)));
      return {};
    }),
  // The lookups load with the first invoke: most runs declare resources only.
  Invoke: async ({ tok, args }) => {
    const { invoke } = require("./invokes") as typeof import("./invokes");
    const result = await invoke(tok, args ?? {});
    return { return: result.outputs, failures: result.failures ?? [] };
  },
  Cancel: async () => ({}),
  Attach: async ({ address }) => {
    attachEngine(address);
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
