/**
 * Error values the handlers throw; the app's error handler turns them into the documented bodies:
 * 422 `{detail: [{loc, msg, type, input?, ctx?}]}`, every other error `{detail: "text"}`.
 */

export interface ValidationItem {
  loc: Array<string | number>;
  msg: string;
  type: string;
  input?: unknown;
  ctx?: Record<string, unknown>;
}

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | ValidationItem[],
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof detail === "string" ? detail : "Validation error");
  }
}

export function notFound(what: string): HttpError {
  return new HttpError(404, `${what} not found`);
}

export function unprocessable(items: ValidationItem[]): HttpError {
  return new HttpError(422, items);
}

/** One 422 item, the most common case for rules zod schemas cannot express (uniqueness, references). */
export function invalid(loc: Array<string | number>, msg: string, type = "value_error"): HttpError {
  return unprocessable([{ loc, msg, type }]);
}
