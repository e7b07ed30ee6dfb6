import { findConnector, type TransformType, transformTypes } from "../../catalogue";
import { type CheckFailure, failureAt, type Json, type JsonObject } from "../engine/kind";
import { compact, isUnknown } from "../engine/values";
import { checkConnectorConfig } from "./connector-config";

export { type TransformType, transformTypes };

/**
 * Types that run on Kafka Connect rather than Flink: no code, and no preview job, only the live deploy
 * (TF internal/resource/transform/topic_router_generated.go:42-45, base.go:768-776).
 */
const kafkaConnectTypes: ReadonlySet<string> = new Set<TransformType>(["topic_router"]);

/** Whether the type deploys a preview job before the live one (every Flink-based type). */
export function hasPreviewDeploy(type: string): boolean {
  return !kafkaConnectTypes.has(type);
}

export const implementationLanguages = ["PYTHON", "JAVASCRIPT", "SQL"] as const;
export type ImplementationLanguage = (typeof implementationLanguages)[number];

/** The typed inputs that are config keys (api.md "Transform config keys"), input name → config key. */
export const typedConfigKeys = {
  inputTopicPattern: "transforms.input.topic.pattern",
  outputTopicPattern: "transforms.output.topic.pattern",
  inputFormat: "transforms.input.serialization.format",
  outputFormat: "transforms.output.serialization.format",
  parallelism: "transforms.input.job.parallelism",
} as const;
export type TypedConfigInput = keyof typeof typedConfigKeys;

export const nameKey = "transforms.name";
export const languageKey = "transforms.language";

/** The implementation's language as the config's `transforms.language` spells it in the catalogue. */
const configLanguage: Record<ImplementationLanguage, string> = {
  PYTHON: "Python",
  JAVASCRIPT: "JavaScript",
  SQL: "SQL",
};

/** The implementation's language a config's `transforms.language` names; undefined for another value. */
export function languageOfConfig(value: unknown): ImplementationLanguage | undefined {
  return implementationLanguages.find((language) => configLanguage[language] === value || language === value);
}

/** Keys the typed inputs own: `config` must not set them too. */
const ownedKeys = new Map<string, string>([
  [nameKey, "name"],
  [languageKey, "implementation.language"],
  ...Object.entries(typedConfigKeys).map(([input, key]): [string, string] => [key, input]),
]);

export interface TransformConfigInputs {
  name: string;
  type: TransformType;
  inputTopicPattern?: string;
  outputTopicPattern?: string;
  inputFormat?: string;
  outputFormat?: string;
  parallelism?: number;
  config?: Record<string, string | number | boolean>;
  implementation?: { language?: ImplementationLanguage };
}

/** Whether the type's config has a `transforms.language` key (types the catalogue does not know are given it). */
function takesLanguage(type: string): boolean {
  const entry = findConnector("transform", type);
  return entry === undefined || entry.settingsByKey.has(languageKey);
}

/** The languages the catalogue allows for the type, in the implementation's spelling; undefined: not known. */
export function allowedLanguages(type: string): ImplementationLanguage[] | undefined {
  const allowed = findConnector("transform", type)?.settingsByKey.get(languageKey)?.enum;
  if (!allowed) return undefined;
  return implementationLanguages.filter((language) => allowed.includes(configLanguage[language]));
}

/** The wire config: every key the program manages; unset ones are left to the service's defaults. */
export function transformConfig(inputs: TransformConfigInputs): JsonObject {
  const language = inputs.implementation?.language;
  return compact({
    ...(inputs.config ?? {}),
    [nameKey]: inputs.name,
    [typedConfigKeys.inputTopicPattern]: inputs.inputTopicPattern,
    [typedConfigKeys.outputTopicPattern]: inputs.outputTopicPattern,
    [typedConfigKeys.inputFormat]: inputs.inputFormat,
    [typedConfigKeys.outputFormat]: inputs.outputFormat,
    [typedConfigKeys.parallelism]: inputs.parallelism,
    [languageKey]: language !== undefined && takesLanguage(inputs.type) ? configLanguage[language] : undefined,
  });
}

/** The catalogue's default of a config key for the type, for reading unset settings back. */
export function catalogueDefault(type: string, key: string): Json | undefined {
  return findConnector("transform", type)?.settingsByKey.get(key)?.default;
}

/**
 * Offline checks of the config against the catalogue (allowed values, ranges, required keys), with each problem
 * named by the input the program wrote: `parallelism`, not `config["transforms.input.job.parallelism"]`.
 */
export function checkTransformConfig(inputs: TransformConfigInputs): CheckFailure[] {
  const failures: CheckFailure[] = [];
  for (const key of Object.keys(inputs.config ?? {})) {
    const owner = ownedKeys.get(key);
    if (owner !== undefined) {
      failures.push({
        property: "config",
        reason: `\`config["${key}"]\` is set by \`${owner}\`; set it there instead`,
      });
    }
  }
  if (isUnknown(inputs.type)) return failures;
  const config = transformConfig({ ...inputs, implementation: undefined });
  for (const failure of checkConnectorConfig("transform", inputs.type, config, "typos")) {
    const [, key] = failure.path ?? [];
    const input = typeof key === "string" ? ownedKeys.get(key) : undefined;
    failures.push(input && failure.rule !== undefined ? failureAt(input.split("."), failure.rule) : failure);
  }
  const language = inputs.implementation?.language;
  const allowed = allowedLanguages(inputs.type);
  if (language !== undefined && !isUnknown(language) && allowed !== undefined && !allowed.includes(language)) {
    failures.push({
      property: "implementation",
      reason: `\`implementation.language\` must be ${allowed.join(" or ")} for \`${inputs.type}\` transforms`,
    });
  }
  return failures;
}
