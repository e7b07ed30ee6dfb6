import type * as pulumi from "@pulumi/pulumi";

/** Type-only: erased at compile time, so nothing of the runtime is captured into state. */
type Runtime = typeof import("../provider/runtime");

/**
 * The provider object that Pulumi serializes into every resource's state. It holds only the kind's name; each
 * method loads the installed package's runtime when it runs, so `refresh` and `destroy` of a stack written by
 * an older version run today's code, and no client, schema or credential is ever captured into state.
 *
 * Keep it tiny and stable: the `require` path is a public entry point of the package for that reason.
 */
export class ProviderShim implements pulumi.dynamic.ResourceProvider {
  readonly kind: string;

  constructor(kind: string) {
    this.kind = kind;
  }

  async configure(req: pulumi.dynamic.ConfigureRequest): Promise<void> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    await runtime.configure(req.config);
  }

  async check(olds: Record<string, unknown>, news: Record<string, unknown>): Promise<pulumi.dynamic.CheckResult> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    return runtime.check(this.kind, olds, news);
  }

  async diff(
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<pulumi.dynamic.DiffResult> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    return runtime.diff(this.kind, id, olds, news);
  }

  async create(inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    return runtime.create(this.kind, inputs);
  }

  async read(id: string, props: Record<string, unknown>): Promise<pulumi.dynamic.ReadResult> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    return runtime.read(this.kind, id, props);
  }

  async update(
    id: string,
    olds: Record<string, unknown>,
    news: Record<string, unknown>,
  ): Promise<pulumi.dynamic.UpdateResult> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    return runtime.update(this.kind, id, olds, news);
  }

  async delete(id: string, props: Record<string, unknown>): Promise<void> {
    const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
    await runtime.delete(this.kind, id, props);
  }
}

/**
 * One shim object per kind for the life of the program: Pulumi caches the serialized text per provider object,
 * so every resource of a kind reuses one serialization.
 */
export const shims = {
  source: new ProviderShim("source"),
  destination: new ProviderShim("destination"),
  pipeline: new ProviderShim("pipeline"),
  topic: new ProviderShim("topic"),
  transform: new ProviderShim("transform"),
  projectKey: new ProviderShim("projectKey"),
  webhookSource: new ProviderShim("webhookSource"),
  tag: new ProviderShim("tag"),
} as const;
