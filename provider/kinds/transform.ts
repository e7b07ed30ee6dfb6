import { z } from "zod";

import { type TransformRecord, transformRecord } from "../client/responses";
import { type CheckFailure, inputSchema, type Json, type JsonObject, type KindDescription } from "../engine/kind";
import { getObject } from "../engine/lookup";
import { compact, inputsFromOutputs, isPlainObject, isUnknown, semanticEqual } from "../engine/values";
import { liveConfig, liveSet, liveSetting, tagIdsOf } from "./live-values";
import { nameSchema, namePrefixSchema } from "./names";
import {
  catalogueDefault,
  checkTransformConfig,
  hasPreviewDeploy,
  languageKey,
  languageOfConfig,
  nameKey,
  transformConfig,
  transformTypes,
  typedConfigKeys,
} from "./transform-config";
import { type DeployInputs, deployTransform, versionText } from "../lifecycle/transform-deploy";
import {
  hasImplementationContent,
  implementationFromWire,
  importedImplementation,
  implementationRules,
  isDefaultLanguage,
  implementationSchema,
  implementationWire,
  liveImplementation,
} from "./transform-implementation";
import { findConnector } from "../../catalogue";
import { fieldsOf, liveValueOf } from "./typed/fields";

const jsonObject = z.record(z.string(), z.json());
const testRecord = z
  .strictObject({
    topic: z.string().optional(),
    key: jsonObject.optional(),
    value: jsonObject.optional(),
    timestamp: z.iso.datetime({ offset: true, message: "must be an ISO 8601 date-time" }).optional(),
  })
  .meta({ title: "TransformTestRecord" });

export const transformInputsSchema = z.strictObject({
  name: nameSchema,
  namePrefix: namePrefixSchema.optional(),
  type: z.enum(transformTypes),
  // Optional but for topic_router (the catalogue's required keys, checked by `checkTransformConfig`): the service
  // puts its placeholder in (TF generated/transform_map_filter.go:89-101).
  inputTopicPattern: z.string().min(1, "must not be empty").optional(),
  outputTopicPattern: z.string().min(1, "must not be empty").optional(),
  inputFormat: z.string().min(1).optional(),
  outputFormat: z.string().min(1).optional(),
  parallelism: z.number().int().min(1).optional(),
  config: z.record(z.string().min(1), z.union([z.string(), z.number(), z.boolean()])).optional(),
  implementation: implementationSchema.optional(),
  unitTest: z
    .strictObject({
      name: z.string().min(1).max(255).optional(),
      input: z.array(testRecord).min(1, "must hold at least one record"),
      expectedOutput: z.array(testRecord),
    })
    .meta({ title: "TransformUnitTest" })
    .optional(),
  deploy: z.boolean().optional(),
  replayWindow: z.enum(["7d", "3d", "24h", "10m", "0"]).meta({ title: "ReplayWindow" }).optional(),
  deployTimeoutSeconds: z.number().int().min(10).max(86_400).optional(),
  /** Tag ids. Absent: left as they are on the service; `[]`: none. */
  tags: z.array(z.string().min(1)).optional(),
});
export type TransformInputs = z.infer<typeof transformInputsSchema> & JsonObject;

/**
 * What the kind accepts: its own inputs, or the implementation and its language as Terraform's typed transforms
 * declare them (`implementation_json`, `transforms_language`), which Pulumi's Terraform converter copies as they
 * are. `canonicalTransformInputs` turns them into `implementation`.
 */
export const transformAcceptedInputsSchema = transformInputsSchema.extend({
  implementationJson: z
    .string()
    .optional()
    .meta({
      description:
        "The implementation as Terraform's `implementation_json` holds it, for programs Pulumi's Terraform " +
        'converter wrote: JSON text in the service\'s own shape (`{"language": "JAVASCRIPT", "value_transform": ' +
        '"…"}`), read as `implementation` (give one, not both).',
    }),
  transformsLanguage: z
    .string()
    .optional()
    .meta({
      description:
        "The language as Terraform's `transforms_language` names it (`JavaScript`, `Python`, `SQL`), for programs " +
        "Pulumi's Terraform converter wrote: read as `implementation.language`.",
    }),
});

/**
 * The implementation given in Terraform's shape, as `implementation`. A form that cannot be taken (JSON text that
 * is not an object, a language the type does not know, both forms given) is left as it is: the rules say why.
 */
export function canonicalTransformInputs(accepted: JsonObject): TransformInputs {
  const { implementationJson, transformsLanguage, ...rest } = accepted;
  const result: JsonObject = { ...rest };
  const type = String(rest.type ?? "");
  if (isUnknown(implementationJson) && rest.implementation === undefined) {
    // Not known until `up`: the implementation is not either.
    result.implementation = implementationJson as Json;
  } else if (typeof implementationJson === "string" && rest.implementation === undefined) {
    const wire = parsedObject(implementationJson);
    if (wire === undefined) result.implementationJson = implementationJson;
    else {
      const implementation = implementationFromWire(type, wire, transformsLanguage);
      if (implementation !== undefined) result.implementation = implementation;
    }
  } else if (implementationJson !== undefined) {
    result.implementationJson = implementationJson;
  }
  if (transformsLanguage !== undefined && !isUnknown(transformsLanguage) && !isUnknown(result.implementation)) {
    const language = languageOfConfig(transformsLanguage);
    const implementation = isPlainObject(result.implementation) ? result.implementation : undefined;
    if (language === undefined || (implementation?.language !== undefined && implementation.language !== language)) {
      result.transformsLanguage = transformsLanguage;
    } else if (implementation === undefined) {
      // The type's default language needs no implementation at all (an import declares none either).
      if (!isDefaultLanguage(type, language)) result.implementation = { language };
    } else {
      result.implementation = { ...implementation, language };
    }
  }
  return result as TransformInputs;
}

/** JSON text of an object, parsed; undefined for anything else. */
function parsedObject(text: string): JsonObject | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isPlainObject(value) ? (value as JsonObject) : undefined;
  } catch {
    return undefined;
  }
}

/** The forms `canonicalTransformInputs` could not take. */
function terraformShapeRules(news: JsonObject): CheckFailure[] {
  const failures: CheckFailure[] = [];
  if (news.implementationJson !== undefined) {
    failures.push({
      property: "implementationJson",
      reason:
        news.implementation === undefined
          ? "`implementationJson` must be JSON text of an object (the service's shape of an implementation)"
          : "give `implementation` or `implementationJson` (Terraform's shape), not both",
    });
  }
  if (news.transformsLanguage !== undefined) {
    failures.push({
      property: "transformsLanguage",
      reason:
        languageOfConfig(news.transformsLanguage) === undefined
          ? "`transformsLanguage` must be JavaScript, Python or SQL"
          : "`transformsLanguage` names another language than `implementation.language`: give one",
    });
  }
  return failures;
}

function rules(news: TransformInputs): CheckFailure[] {
  const failures = [...terraformShapeRules(news), ...checkTransformConfig(news)];
  // `deploy` needs no `implementation`: it deploys the latest version, which may be the console's, and a transform
  // that holds no code at all deploys its current implementation, as the reference examples do (TF
  // examples/resources/streamkap_transform_*/complete.tf set `deploy = true` with no `implementation_json`; TF
  // deploys `no-version`, which the backend normalizes to "0": internal/api/transform.go:307, base.go:743-803).
  // `topic_router` has no code at all.
  if (
    news.unitTest !== undefined &&
    !isUnknown(news.implementation) &&
    !hasImplementationContent(news.implementation)
  ) {
    failures.push({
      property: "unitTest",
      reason: "`unitTest` needs `implementation` with code: the test runs the implementation's code",
    });
  }
  failures.push(...implementationRules(news.type, news.implementation, news.unitTest !== undefined));
  return failures;
}

/** Outputs of the live object: its versions and the job's last reported status. */
function outputs(live: TransformRecord): JsonObject {
  return compact({
    version: Number.isFinite(Number(live.version ?? undefined)) ? Number(live.version) : undefined,
    previewVersion: versionText(live.preview_version),
    liveVersion: versionText(live.live_version),
    jobName: live.job_name ?? undefined,
    jobStatus: live.metrics?.status ?? undefined,
    createdFrom: live.created_from ?? undefined,
  });
}

/** The settings every transform has (topic patterns, formats, parallelism) and its tags, as the service holds them. */
function liveSettings(live: TransformRecord): JsonObject {
  const tags = tagIdsOf(live.tags);
  const settings: JsonObject = tags === undefined ? {} : { tags };
  const entry = live.transform_type ? findConnector("transform", live.transform_type) : undefined;
  if (!entry) return settings;
  const byKey = new Map(fieldsOf(entry).map((field) => [field.key, field]));
  for (const [input, key] of Object.entries(typedConfigKeys)) {
    const field = byKey.get(key);
    const value = field && liveValueOf(field, live.config?.[key]);
    if (value !== undefined) settings[input] = value;
  }
  return settings;
}

/**
 * A transform: code (Python, JavaScript or SQL) that processes records between topics. Its config is the
 * transform object; its code is a numbered implementation version, unit-tested and deployed by `converge`.
 */
export const transformKind: KindDescription<TransformInputs, TransformRecord> = {
  noun: "transform",
  schema: inputSchema<TransformInputs>(transformAcceptedInputsSchema),
  canonical: canonicalTransformInputs,
  rules,
  // The service refuses to change a transform's type.
  replaceOn: ["type"],
  uniqueNames: true,
  adoptByName: false,
  api: {
    collection: "/transforms",
    record: transformRecord,
    idOf: (live) => live.id,
    nameOf: (live) => live.name ?? undefined,
    createBody: (inputs, context) =>
      compact({
        transform: inputs.type,
        config: transformConfig(inputs),
        tags: inputs.tags,
        created_from: context.createdFrom,
      }),
    // The backend overwrites the implementation with the update's, wiping it when there is none: send the code the
    // transform holds now, read first, whoever wrote it; new code goes through implementation_details in
    // `converge` (TF internal/resource/transform/base.go:543-582).
    updateBody: async (inputs, context, id) => {
      const live = await getObject(transformKind, context, id);
      return compact({
        transform: inputs.type,
        config: transformConfig(inputs),
        implementation: (live?.implementation ?? undefined) as JsonObject | undefined,
        // Unmanaged tags are left out, so the service keeps its own (TF sends null: internal/api/transform.go:51-57).
        tags: inputs.tags,
      });
    },
    updateRequest: (id, body) => ({ method: "PUT", path: "/transforms", body: { id, ...(body as JsonObject) } }),
    deleteRequest: (id) => ({ method: "DELETE", path: "/transforms", query: { id } }),
    // Only the code, the unit test or the deploy settings changed: no config update, `converge` does the rest.
    updateNeeded: (olds, news) =>
      olds.type !== news.type ||
      !semanticEqual(transformConfig(olds), transformConfig(news)) ||
      !semanticEqual(olds.tags, news.tags),
    asyncDelete: true,
  },
  outputs,
  liveSettings,
  liveInputs: (live, prior) => {
    const config = (live.config ?? {}) as JsonObject;
    const type = (live.transform_type as TransformInputs["type"] | null | undefined) ?? prior.type;
    const typed: JsonObject = {};
    for (const [input, key] of Object.entries(typedConfigKeys)) {
      const value = liveSetting(prior[input] as Json | undefined, config[key], catalogueDefault(type, key));
      if (value !== undefined) typed[input] = value;
    }
    return compact({
      ...prior,
      ...typed,
      name: live.name ?? (typeof config[nameKey] === "string" ? (config[nameKey] as string) : prior.name),
      tags: liveSet(prior.tags, tagIdsOf(live.tags), []),
      type,
      config: prior.config === undefined ? undefined : liveConfig(config, prior.config),
      implementation: liveImplementation(
        type,
        live.implementation as Record<string, unknown> | null | undefined,
        prior.implementation,
      ),
      // A transform declared live that the service no longer runs live shows `deploy` to be applied again. Not for
      // a Kafka Connect type (topic_router): it has no versions, and whether it reports a live one is unknown.
      deploy:
        prior.deploy === true && hasPreviewDeploy(type) && versionText(live.live_version) === undefined
          ? false
          : prior.deploy,
    }) as TransformInputs;
  },
  // An imported transform declares its language and code (or SQL form), which `liveInputs` keeps only once a
  // program has declared them.
  importInputs: (live) =>
    compact({
      ...transformKind.liveInputs(live, {} as TransformInputs),
      implementation: importedImplementation(
        live.transform_type ?? "",
        live.implementation as Record<string, unknown> | null | undefined,
        live.config?.[languageKey],
      ),
    }) as TransformInputs,
  converge: async (self, live, inputs, previous) => {
    const before = {
      version: versionText(live.version === 0 ? undefined : live.version),
      previewVersion: versionText(live.preview_version),
      liveVersion: versionText(live.live_version),
    };
    const job = await deployTransform(self, inputs as DeployInputs, before, previous, {
      config: transformConfig(inputs),
      // What the last `up` applied: the previous outputs also hold the service's values of the settings the
      // program leaves out (live-only), which the new inputs never do; left in, every update would redeploy.
      previousConfig: previous === undefined ? undefined : transformConfig(inputsFromOutputs(transformKind, previous)),
      hasCode: hasImplementationContent(inputs.implementation),
      previewDeploy: hasPreviewDeploy(inputs.type),
      implementation: (unitTest) => implementationWire(inputs.type, inputs.implementation, unitTest),
    });
    if (Object.keys(job).length === 0 && !hasImplementationContent(inputs.implementation)) return {};
    // The versions moved: report them as the service now has them.
    const after = await self.read();
    return { ...(after ? outputs(after) : {}), ...job };
  },
};
