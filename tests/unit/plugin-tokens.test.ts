/**
 * Issue 27 point 7: every resource token of schema.json is served by the plugin with a kind that exists, so a
 * program (or `pulumi import`) naming any class by its token gets that class, never the "state written by a newer
 * pulumi-streamkap" error. The hand-written classes keep their tokens where a catalogue code's class name is the
 * same (`webhook` → `WebhookSource`).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import { kindNamed } from "../../provider/kinds";
import { kindOf, resourceTokens } from "../../provider/plugin/tokens";

const schema = JSON.parse(fs.readFileSync(path.resolve(__dirname, "../../../schema.json"), "utf8")) as {
  resources: Record<string, unknown>;
};
const urnOf = (token: string) => `urn:pulumi:dev::app::${token}::it`;

test("the plugin serves every resource token of the schema", () => {
  expect(resourceTokens()).toEqual(expect.arrayContaining(Object.keys(schema.resources)));
});

test.each(Object.keys(schema.resources))("%s resolves to a kind that exists", (token) => {
  const kind = kindOf(urnOf(token));
  expect(() => kindNamed(kind)).not.toThrow();
});

test("WebhookSource is served by the hand-written webhook source, not a catalogue code", () => {
  expect(kindOf(urnOf("streamkap:index:WebhookSource"))).toBe("webhookSource");
});
