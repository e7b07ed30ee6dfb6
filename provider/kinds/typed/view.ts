import type { JsonObject, KindApi } from "../../engine/kind";

/**
 * A generic kind's API seen through typed inputs (typed connectors and transforms). Only the bodies and
 * `updateNeeded` read inputs, so they convert; every other member passes through as it is, members added to
 * `KindApi` later included.
 */
export function apiOverTypedInputs<T extends JsonObject, G extends JsonObject, L>(
  api: KindApi<G, L>,
  toGeneric: (typed: T) => G,
): KindApi<T, L> {
  const { createBody: _create, updateBody: _update, updateNeeded: _needed, ...unchanged } = api;
  return {
    ...unchanged,
    createBody: (inputs, context) => api.createBody(toGeneric(inputs), context),
    updateBody: (inputs, context, id) => api.updateBody(toGeneric(inputs), context, id),
    updateNeeded: (olds, news) => api.updateNeeded?.(toGeneric(olds), toGeneric(news)) ?? true,
  };
}
