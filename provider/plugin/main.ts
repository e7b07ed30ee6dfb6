/**
 * pulumi-resource-streamkap (issue #17): the same engine as a Pulumi provider plugin, serving schema.json's
 * resources (`streamkap:index:<Class>`) through the runtime the dynamic providers use (runtime.ts), so every
 * Pulumi language can use it. Run by bin/pulumi-resource-streamkap with the engine's address.
 *
 * The provider's settings are the stack's `streamkap:*` config with the same environment fallbacks as the dynamic
 * providers' (server-hooks.ts takes them from `Configure`); secrets are revealed on the way in and marked on the
 * way out (wire-secrets.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import * as pulumi from "@pulumi/pulumi";

import type { DiffOutcome } from "../engine/diff";
import { ResourceInitError } from "../errors";
import { kindNamed } from "../kinds";
import * as runtime from "../runtime";
import { oldInputsOfCall, withoutTimeouts, withTimeoutOf } from "./call-context";
import { extendProviderServer } from "./server-hooks";
import { kindOf, withAutoName } from "./tokens";
import { markedSecret, revealProps } from "./wire-secrets";

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

extendProviderServer(diffResource);
void pulumi.provider.main(provider, process.argv.slice(2));
