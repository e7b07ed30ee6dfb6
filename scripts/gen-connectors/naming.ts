/**
 * Names the generator gives connectors and settings: class names, display names for docs, and a readable
 * summary of a dotted config key.
 */
import { displayName, pascalName, typedClassName } from "../../catalogue/naming";

export { displayName, pascalName, typedClassName };

/** `postgresql` → `postgresql`, `sql_join` → `sqlJoin`: a variable name for examples. */
export function camelName(code: string): string {
  const pascal = pascalName(code);
  return pascal.charAt(0).toLowerCase() + pascal.slice(1);
}

/** `salesforce_webhook` → `salesforce-webhook`: a resource name for examples. */
export function resourceName(code: string): string {
  return code.replaceAll("_", "-");
}

/** "a PostgreSQL", "an Oracle", "an HTTP Sink": the article as the name is spoken. */
export function withArticle(name: string): string {
  return `${article(name)} ${name}`;
}

/** "a" or "an" before `word`, as it is spoken (a transform code such as `enrich` too). */
export function article(word: string): "a" | "an" {
  return /^([AEIOUaeiou]|HTTP)/.test(word) ? "an" : "a";
}

/** Words written in capitals, or with fixed casing, when a key is read out as a sentence. */
const fixedWords: Readonly<Record<string, string>> = {
  api: "API",
  aws: "AWS",
  csv: "CSV",
  db: "DB",
  dlq: "DLQ",
  gcs: "GCS",
  http: "HTTP",
  https: "HTTPS",
  iam: "IAM",
  id: "ID",
  ids: "IDs",
  ip: "IP",
  ips: "IPs",
  json: "JSON",
  jsonb: "JSONB",
  kms: "KMS",
  sql: "SQL",
  ssh: "SSH",
  ssl: "SSL",
  tls: "TLS",
  ttl: "TTL",
  url: "URL",
  uri: "URI",
};

/** Suffixes the service adds to many keys; they say nothing to a reader. */
const noiseSuffixes = [".user.defined", ".user.displayed"];

/**
 * A dotted key read as a phrase: `database.port.user.defined` → "Database port",
 * `transforms.OversizedRecords.max.field.size.bytes` → "Transforms oversized records max field size bytes".
 */
export function keySummary(key: string): string {
  let text = key;
  for (const suffix of noiseSuffixes) {
    if (text.endsWith(suffix)) text = text.slice(0, -suffix.length);
  }
  const words = text
    .split(/[._\-\s]+/)
    .flatMap((part) => part.split(/(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])/))
    .filter((word) => word.length > 0)
    .map((word) => fixedWords[word.toLowerCase()] ?? word.toLowerCase());
  const sentence = words.join(" ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
