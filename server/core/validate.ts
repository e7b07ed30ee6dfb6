/**
 * Declarative request validation: zod schemas in, FastAPI/pydantic-shaped 422 items out, so clients written
 * against the real service parse our errors the same way.
 */
import { z } from "zod";
import { HttpError, type ValidationItem } from "./errors";

export interface ValidateOptions {
  /** Add `input` and `ctx` to each item (the access-token endpoint does). */
  withInput?: boolean;
  /** Body fields whose values must never be echoed back (secrets): only their length is reported. */
  secretFields?: readonly string[];
}

function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let cur: unknown = data;
  for (const segment of path) {
    if (cur === null || typeof cur !== "object") return undefined;
    cur = (cur as Record<string | number, unknown>)[segment as string | number];
  }
  return cur;
}

// pydantic reports the enclosing object as the input of a missing field; drop credentials from it.
function redact(parent: unknown, secretFields: readonly string[]): unknown {
  if (parent === null || typeof parent !== "object" || Array.isArray(parent)) return parent ?? null;
  return Object.fromEntries(Object.entries(parent).filter(([key]) => !secretFields.includes(key)));
}

function quoteList(values: readonly unknown[]): string {
  const quoted = values.map((value) => `'${String(value)}'`);
  return quoted.length <= 1 ? quoted.join("") : `${quoted.slice(0, -1).join(", ")} or ${quoted[quoted.length - 1]}`;
}

function typeWord(expected: string): [string, string] {
  switch (expected) {
    case "string":
      return ["string_type", "Input should be a valid string"];
    case "number":
      return ["float_type", "Input should be a valid number"];
    case "int":
      return ["int_type", "Input should be a valid integer"];
    case "boolean":
      return ["bool_type", "Input should be a valid boolean"];
    case "array":
      return ["list_type", "Input should be a valid list"];
    case "object":
    case "record":
      return ["dict_type", "Input should be a valid dictionary"];
    default:
      return [`${expected}_type`, `Input should be a valid ${expected}`];
  }
}

/** pydantic's words for a bound, by the side it bounds: lengths of strings and lists, then numbers. */
const boundWords = {
  too_big: {
    most: "at most",
    string: "string_too_long",
    list: "too_long",
    lengthKey: "max_length",
    exclusive: ["less than", "less_than", "lt"],
    inclusive: ["less than or equal to", "less_than_equal", "le"],
  },
  too_small: {
    most: "at least",
    string: "string_too_short",
    list: "too_short",
    lengthKey: "min_length",
    exclusive: ["greater than", "greater_than", "gt"],
    inclusive: ["greater than or equal to", "greater_than_equal", "ge"],
  },
} as const;

/** Converts one zod issue into pydantic's wording and type codes. */
export function issueToItem(issue: z.core.$ZodIssue, input: unknown): ValidationItem {
  const path = issue.path.map((segment) => (typeof segment === "number" ? segment : String(segment)));
  switch (issue.code) {
    case "invalid_type": {
      if (input === undefined) return { loc: path, msg: "Field required", type: "missing" };
      const [type, msg] = typeWord(issue.expected);
      return { loc: path, msg, type };
    }
    case "too_big":
    case "too_small": {
      const words = boundWords[issue.code];
      const bound = Number(issue.code === "too_big" ? issue.maximum : issue.minimum);
      const plural = bound === 1 ? "" : "s";
      const ctx = { [words.lengthKey]: bound };
      if (issue.origin === "string") {
        return {
          loc: path,
          msg: `String should have ${words.most} ${bound} character${plural}`,
          type: words.string,
          ctx,
        };
      }
      if (issue.origin === "array") {
        const msg = `List should have ${words.most} ${bound} item${plural} after validation`;
        return { loc: path, msg, type: words.list, ctx };
      }
      const [phrase, type, key] = issue.inclusive === false ? words.exclusive : words.inclusive;
      return { loc: path, msg: `Input should be ${phrase} ${bound}`, type, ctx: { [key]: bound } };
    }
    case "invalid_value":
      return {
        loc: path,
        msg: `Input should be ${quoteList(issue.values)}`,
        type: "enum",
        ctx: { expected: quoteList(issue.values) },
      };
    case "invalid_format":
      return {
        loc: path,
        msg: `String should match pattern '${issue.pattern ?? issue.format}'`,
        type: "string_pattern_mismatch",
        ctx: { pattern: issue.pattern ?? issue.format },
      };
    case "unrecognized_keys":
      return { loc: [...path, issue.keys[0] ?? ""], msg: "Extra inputs are not permitted", type: "extra_forbidden" };
    default:
      return { loc: path, msg: issue.message || "Value error", type: "value_error" };
  }
}

/**
 * Parses `data` with `schema`; on failure throws a 422 whose `loc` starts with `where` ("body", "query", "path").
 */
export function parseWith<S extends z.ZodType>(
  schema: S,
  data: unknown,
  where: "body" | "query" | "path" | "header",
  options: ValidateOptions = {},
): z.output<S> {
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  const items = result.error.issues.map((issue) => {
    const input = valueAt(data, issue.path);
    const item = issueToItem(issue, input);
    const out: ValidationItem = { loc: [where, ...item.loc], msg: item.msg, type: item.type };
    if (options.withInput) {
      const field = String(issue.path[issue.path.length - 1] ?? "");
      const ctx: Record<string, unknown> = { ...(item.ctx ?? {}) };
      if (options.secretFields?.includes(field)) {
        // Never echo a credential back: report its length only.
        if (typeof input === "string") ctx.input_length = input.length;
      } else if (item.type !== "missing") {
        out.input = input;
      } else {
        out.input = redact(valueAt(data, issue.path.slice(0, -1)), options.secretFields ?? []);
      }
      out.ctx = ctx;
    } else if (item.ctx && item.type === "enum") {
      out.ctx = item.ctx;
    }
    return out;
  });
  throw new HttpError(422, items);
}

export const parseBody = <S extends z.ZodType>(schema: S, data: unknown, options?: ValidateOptions) =>
  parseWith(schema, data === undefined ? {} : data, "body", options);
export const parseQuery = <S extends z.ZodType>(schema: S, data: unknown) => parseWith(schema, data ?? {}, "query");
