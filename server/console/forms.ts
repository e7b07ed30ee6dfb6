/**
 * The console's request bodies: its pages post HTML forms (application/x-www-form-urlencoded), which the API never
 * takes. They are parsed here, by a parser the console's plugin registers in its own scope, so the API's HTTP
 * layer (and its JSON-only parser) knows nothing of them.
 */
import type { FastifyInstance } from "fastify";
import { HttpError } from "../core/errors";
import { jsonBodyOf } from "../http/app";

/**
 * The most a console form may be (issue #39, H1): its forms have a handful of fields (the tags form one per tag of
 * the service), so 64 KB and 1,000 fields are far more than any needs. Bigger bodies are refused before any work:
 * 413 by the routes' bodyLimit while the body arrives, 400 for too many fields while it is parsed.
 */
export const consoleFormLimits = { bytes: 64 * 1024, fields: 1_000 };

/**
 * Replaces, in the console's scope only, the API's parser with one taking forms too. Every other body is taken as
 * the API takes it (JSON whatever the declared type): the form test is on the header as sent, as it always was, so
 * no request parses differently for having moved into the plugin.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "string" }, (req, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    try {
      if (text.trim() === "" || !/^application\/x-www-form-urlencoded/.test(req.headers["content-type"] ?? "")) {
        return done(null, jsonBodyOf(text));
      }
      // Bounded before any work (H1): a console form is a few fields; the route's own bodyLimit refuses a bigger
      // body while it is still arriving, this refuses one sent to a path with no route.
      if (Buffer.byteLength(text) > consoleFormLimits.bytes) {
        throw new HttpError(413, `Payload Too Large: a console form is at most ${consoleFormLimits.bytes} bytes`);
      }
      return done(null, formFieldsOf(text));
    } catch (error) {
      return done(error as Error, undefined);
    }
  });
}

/**
 * A console form's fields: a name sent once is its value, a name sent more than once (checkboxes) its values.
 * Linear: a repeated name's values grow in place (copying them per value made 30,000 repeats take seconds, H1);
 * more fields than any console form has are refused (400) before they are collected.
 */
function formFieldsOf(text: string): Record<string, string | string[]> {
  const fields = new Map<string, string | string[]>();
  let count = 0;
  for (const [name, value] of new URLSearchParams(text)) {
    if (++count > consoleFormLimits.fields) {
      throw new HttpError(400, `Bad request: a console form has at most ${consoleFormLimits.fields} fields`);
    }
    const held = fields.get(name);
    if (held === undefined) fields.set(name, value);
    else if (Array.isArray(held)) held.push(value);
    else fields.set(name, [held, value]);
  }
  // Own properties each (a field named `__proto__` is only a field).
  return Object.fromEntries(fields);
}
