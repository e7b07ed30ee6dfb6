import { type ConnectorKind, findConnector, withdrawnSetting } from "../../catalogue";
import { type CheckFailure, failureAt, type JsonObject } from "../engine/kind";
import { closestMatch } from "../closest-match";
import { isUnknown, semanticEqual } from "../engine/values";
import { isMasked, sameConfigValue } from "./live-values";
import { settingProblem } from "./setting-schema";

/**
 * Checks a connector's config against the catalogue, offline. Connectors the catalogue does not know pass:
 * the service's catalogue may be newer than ours. A key the catalogue does not list is refused, with the listed
 * key it is most likely a typo of, or else the connector's settings: a typo far from every key (`database.prot`)
 * would otherwise pass preview and be sent, and a setting newer than this catalogue comes with a newer
 * pulumi-streamkap, or is named in `unlisted`, the keys the program says it sends knowingly. `unlisted: "typos"`
 * refuses only near-typos, for a config the provider assembles from other inputs as well as the program's keys
 * (a transform's).
 */
export function checkConnectorConfig(
  kind: ConnectorKind,
  code: string,
  config: JsonObject,
  unlisted: readonly string[] | "typos" = [],
): CheckFailure[] {
  const connector = findConnector(kind, code);
  if (!connector) return [];
  const fields = connector.settingsByKey;
  const failures: CheckFailure[] = [];
  const fail = (key: string, rule: string) => failures.push(failureAt(["config", key], rule));
  // A transform is not called a connector, though the catalogue lists it with them.
  const owner = kind === "transform" ? `${code} transform` : `${code} ${kind} connector`;

  for (const field of connector.settings) {
    if (field.required && config[field.key] === undefined) {
      fail(field.key, `is required by the ${owner}`);
    }
  }
  for (const [key, value] of Object.entries(config)) {
    const field = fields.get(key);
    const withdrawn = field ? undefined : withdrawnSetting(kind, code, key);
    if (withdrawn) {
      fail(key, `is no longer a setting of the ${owner}: ${withdrawn}. Remove it from the program`);
      continue;
    }
    if (!field && Array.isArray(unlisted) && unlisted.includes(key)) continue;
    if (!field) {
      // Many keys carry the service's `.user.defined` suffix, which is easy to leave out.
      const suggestion = fields.has(`${key}.user.defined`)
        ? `${key}.user.defined`
        : closestMatch(key, [...fields.keys()]);
      if (suggestion) {
        fail(key, `is not a setting of the ${owner}; did you mean "${suggestion}"?`);
      } else if (unlisted !== "typos") {
        fail(
          key,
          `is not a setting of the ${owner}, whose settings are: ${[...fields.keys()].sort().join(", ")}. ` +
            "If the service has it and this version of pulumi-streamkap does not list it, name it in " +
            "`unlistedSettings` to send it as written",
        );
      }
      continue;
    }
    if (!isUnknown(value)) {
      const problem = settingProblem(field, value);
      if (problem) fail(key, problem);
    }
  }
  return failures;
}

/** True when a changed config key cannot be changed in place (the catalogue marks it `forcesReplace`). */
export function configForcesReplacement(
  kind: ConnectorKind,
  code: string,
  olds: JsonObject,
  news: JsonObject,
): boolean {
  const connector = findConnector(kind, code);
  if (!connector) return false;
  return connector.settings.some(
    (field) => field.forcesReplace && (isUnknown(news[field.key]) || !semanticEqual(olds[field.key], news[field.key])),
  );
}

/** The secret keys of a connector, for marking them secret in the SDK. */
export function secretKeys(kind: ConnectorKind, code: string): string[] {
  return (
    findConnector(kind, code)
      ?.settings.filter((field) => field.secret)
      .map((field) => field.key) ?? []
  );
}

/**
 * The config a program importing the connector would declare: what the service holds, but for unset values, the
 * catalogue's defaults (the service fills them in) and secrets (it never answers them).
 */
export function importedConfig(kind: ConnectorKind, code: string, live: JsonObject | null | undefined): JsonObject {
  const fields = findConnector(kind, code)?.settingsByKey;
  const config: JsonObject = {};
  for (const [key, value] of Object.entries(live ?? {})) {
    const field = fields?.get(key);
    // A secret is kept when the service told it (an import reads with `secret_returned=true`), never its mask.
    if (value === null || value === undefined || isMasked(value)) continue;
    if (field?.default !== undefined && sameConfigValue(value, field.default)) continue;
    config[key] = value;
  }
  return config;
}
