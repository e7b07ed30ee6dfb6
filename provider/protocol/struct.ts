/**
 * `google.protobuf.Struct`, the protocol's property bag, to plain JSON values and back. Pulumi's own markers
 * (secrets, unknowns) are JSON objects and strings inside it and pass through unchanged (wire-secrets.ts reads
 * them).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = Record<string, Json>;

interface ValueMessage {
  nullValue?: number;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: StructMessage;
  listValue?: { values?: ValueMessage[] };
}

/** A Struct as protobufjs reads and writes it (messages.ts). */
export interface StructMessage {
  fields?: Record<string, ValueMessage>;
}

function fromValue(value: ValueMessage): Json {
  if (value.numberValue !== undefined) return value.numberValue;
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.boolValue !== undefined) return value.boolValue;
  if (value.structValue !== undefined) return fromStruct(value.structValue) ?? {};
  if (value.listValue !== undefined) return (value.listValue.values ?? []).map(fromValue);
  return null;
}

/** A decoded Struct as an object; an absent one as `undefined`. */
export function fromStruct(struct: unknown): JsonObject | undefined {
  if (struct === undefined || struct === null) return undefined;
  const fields = (struct as StructMessage).fields ?? {};
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}

/** What JSON leaves out of an object (and writes as null in a list): no Struct value stands for it. */
const unrepresentable = (value: unknown) =>
  value === undefined || typeof value === "function" || typeof value === "symbol";

function toValue(value: unknown): ValueMessage {
  if (value === null || unrepresentable(value)) return { nullValue: 0 };
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "bigint") return { numberValue: Number(value) };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  return { structValue: toStruct(value as Record<string, unknown>) };
}

/**
 * An object as a Struct, as JSON would write it: keys whose value is `undefined` (or a function) are left out;
 * the engine reads a missing key and an absent value the same.
 */
export function toStruct(object: Record<string, unknown>): StructMessage {
  const fields = Object.entries(object)
    .filter(([, value]) => !unrepresentable(value))
    .map(([key, value]) => [key, toValue(value)]);
  return { fields: Object.fromEntries(fields) };
}
