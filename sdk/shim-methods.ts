/**
 * The methods of every provider object, as one module whose exports are their prototype.
 *
 * Pulumi serializes a dynamic resource's provider into its state (twice: inputs and outputs). When a captured
 * object is the exports of a module installed under `node_modules`, its serializer writes `require("<module>")`
 * instead of the object's code, so each provider is stored as `Object.create(require(…)) + { kind }`: about
 * 300 bytes instead of 4 KB. Where the package is not installed under `node_modules` (this repository's own
 * checkout), the serializer falls back to copying these functions by value, which is why each one loads the
 * runtime by package name rather than through a captured variable.
 *
 * This module's public path (`pulumi-streamkap/shim-methods`) is written into users' state files: keep it, and
 * the `this.kind` contract, stable.
 */
import type * as pulumi from "@pulumi/pulumi";

/** Type-only: erased at compile time, so nothing of the runtime is captured into state. */
type Runtime = typeof import("../provider/runtime");

/** What a provider object carries of its own: the kind it serves, e.g. `source:postgresql`. */
export interface ShimState {
  readonly kind: string;
}

export async function configure(this: ShimState, req: pulumi.dynamic.ConfigureRequest): Promise<void> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  await runtime.configure(req.config);
}

export async function check(
  this: ShimState,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.CheckResult> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  return runtime.check(this.kind, olds, news);
}

export async function diff(
  this: ShimState,
  id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.DiffResult> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  return runtime.diff(this.kind, id, olds, news);
}

export async function create(this: ShimState, inputs: Record<string, unknown>): Promise<pulumi.dynamic.CreateResult> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  return runtime.create(this.kind, inputs);
}

export async function read(
  this: ShimState,
  id: string,
  props: Record<string, unknown>,
): Promise<pulumi.dynamic.ReadResult> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  return runtime.read(this.kind, id, props);
}

export async function update(
  this: ShimState,
  id: string,
  olds: Record<string, unknown>,
  news: Record<string, unknown>,
): Promise<pulumi.dynamic.UpdateResult> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  return runtime.update(this.kind, id, olds, news);
}

// `delete` is a reserved word as a function name; the provider contract calls the method `delete`.
async function deleteObject(this: ShimState, id: string, props: Record<string, unknown>): Promise<void> {
  const runtime: Runtime = require("pulumi-streamkap/provider-runtime");
  await runtime.delete(this.kind, id, props);
}
export { deleteObject as delete };
