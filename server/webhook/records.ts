/**
 * Turns one webhook request into one record (api.md "Webhook endpoint" rules 3–7 and "Events"), or a 400 reason.
 */
import { depthProblem } from "../core/json-depth";

export interface RecordInput {
  method: string;
  format: string;
  contentType: string | undefined;
  body: Buffer;
  keyHeader: string | undefined;
  keyHeaderName: string;
  addDeleteField: boolean;
}

export type RecordResult = { ok: true; key: unknown; value: unknown } | { ok: false; detail: string };

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

export function buildRecord(input: RecordInput): RecordResult {
  let key: Record<string, unknown> | null = null;
  if (input.keyHeader !== undefined) {
    const tooDeep = depthProblem(input.keyHeader);
    if (tooDeep) return { ok: false, detail: `Header ${input.keyHeaderName}: ${tooDeep}` };
    try {
      const parsed: unknown = JSON.parse(input.keyHeader);
      if (!isObject(parsed)) return { ok: false, detail: `Header ${input.keyHeaderName} must be a JSON object` };
      key = parsed;
    } catch {
      return { ok: false, detail: `Invalid JSON in header ${input.keyHeaderName}` };
    }
  }
  if (input.method === "DELETE" && key === null) {
    return { ok: false, detail: `DELETE requires the key header ${input.keyHeaderName}` };
  }
  const text = input.body.toString("utf8");
  let value: Record<string, unknown>;
  if (input.format === "string") {
    value = { data: text };
  } else {
    const type = (input.contentType ?? "").split(";")[0].trim().toLowerCase();
    if (type && type !== "application/json" && !type.endsWith("+json")) {
      return { ok: false, detail: `Content-Type must be application/json for format json (got ${type})` };
    }
    const tooDeep = depthProblem(text);
    if (tooDeep) return { ok: false, detail: tooDeep };
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return { ok: false, detail: "Invalid JSON body" };
    }
    if (!isObject(parsed)) return { ok: false, detail: "The JSON body must be an object" };
    value = parsed;
  }
  if (key !== null && input.format !== "string") {
    // The same key fields must also appear in the body (rule 5; for DELETE rule 6).
    const missing = Object.keys(key).filter((name) => JSON.stringify(value[name]) !== JSON.stringify(key[name]));
    if (missing.length > 0) {
      return { ok: false, detail: `The body must contain the key fields with the same values: ${missing.join(", ")}` };
    }
  }
  if (input.method === "DELETE" && input.addDeleteField) value = { ...value, delete: true };
  return { ok: true, key, value };
}
