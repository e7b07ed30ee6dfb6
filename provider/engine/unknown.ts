/**
 * The value the engine sends during preview for inputs not known yet (outputs of resources not created yet).
 * Same string as `pulumi.runtime.unknownValue`; duplicated so the provider runtime need not load the SDK.
 */
export const unknownValue = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export function isUnknown(value: unknown): boolean {
  return value === unknownValue;
}
