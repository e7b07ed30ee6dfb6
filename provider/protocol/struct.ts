/**
 * `google.protobuf.Struct`, the protocol's property bag, to plain JSON values and back. Pulumi's own markers
 * (secrets, unknowns) are JSON objects and strings inside it and pass through unchanged (wire-secrets.ts reads
 * them).
 */
import type { Message } from "./messages";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface ValueMessage {
  nullValue?: number;
  numberValue?: number;
  stringValue?: string;
  boolValue?: boolean;
  structValue?: Message;
  listValue?: { values?: ValueMessage[] };
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
export function fromStruct(struct: unknown): Record<string, Json> | undefined {
  if (struct === undefined || struct === null) return undefined;
  const fields = ((struct as Message).fields ?? {}) as Record<string, ValueMessage>;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, fromValue(value)]));
}

function toValue(value: unknown): ValueMessage {
  if (value === null || value === undefined) return { nullValue: 0 };
  if (typeof value === "number") return { numberValue: value };
  if (typeof value === "string") return { stringValue: value };
  if (typeof value === "boolean") return { boolValue: value };
  if (Array.isArray(value)) return { listValue: { values: value.map(toValue) } };
  if (typeof value === "object") return { structValue: toStruct(value as Record<string, unknown>) };
  throw new Error(`a ${typeof value} cannot go into a protobuf Struct`);
}

/**
 * An object as a Struct. Keys whose value is `undefined` are left out, as JSON leaves them out: the engine
 * reads a missing key and an absent value the same.
 */
export function toStruct(object: Record<string, unknown>): Message {
  const fields = Object.entries(object)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => [key, toValue(value)]);
  return { fields: Object.fromEntries(fields) };
}
