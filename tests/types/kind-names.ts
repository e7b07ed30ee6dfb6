/**
 * Type-level tests of the kind registry: compiled by the normal `tsc` build, never run. The SDK's provider objects
 * can only name kinds the provider has, and each `@ts-expect-error` line must fail to compile.
 */
import type { KindName as ProviderKindName } from "../../provider/kinds";
import { type HandWrittenKindName, providerShim } from "../../sdk/shim";

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/** The SDK's hand-written kind names are exactly the keys of the provider's registry. */
export const sameHandWrittenKinds: Same<HandWrittenKindName, ProviderKindName> = true;

/** Never called: the checks are in the types. */
export function kindNameChecks(): void {
  providerShim("source:postgresql");
  providerShim("transform:sql_join");

  // @ts-expect-error a misspelled typed kind does not compile
  providerShim("source:postgres");

  // @ts-expect-error nor does an unknown hand-written kind
  providerShim("sourc");
}
