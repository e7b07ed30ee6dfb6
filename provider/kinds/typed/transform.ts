import { z } from "zod";

import { type TransformRecord } from "../../client/responses";
import { findConnector } from "../../../catalogue";
import type { JsonObject, KindDescription } from "../../engine/kind";
import {
  type TransformInputs,
  transformAcceptedInputsSchema,
  transformInputsSchema,
  transformKind,
} from "../transform";
import { languageKey, transformTypes, type TypedConfigInput, typedConfigKeys } from "../transform-config";
import { fieldsOf, type TypedField } from "./fields";
import { typedView } from "./view";

/**
 * One catalogue setting of a transform and the input that carries it. The generic transform already has typed
 * inputs for the topic patterns, formats and parallelism (`owned`), and `implementation.language` for the
 * language (`language`); every other setting (`sql_join`'s `transforms.topic.ttl`) becomes a camelCase input of
 * its own (`setting`), named after its key without the `transforms.` prefix: `topicTtl`.
 */
export type TypedTransformField = TypedField & { role: "owned" | "language" | "setting" };

/** Inputs and outputs of the generic transform, which a setting's name must not take. */
const reservedNames: ReadonlySet<string> = new Set([
  ...Object.keys(transformAcceptedInputsSchema.shape),
  "version",
  "previewVersion",
  "liveVersion",
  "jobName",
  "jobStatus",
  "createdFrom",
  "id",
  "urn",
]);

const ownedInputs = new Map(
  Object.entries(typedConfigKeys).map(([input, key]): [string, TypedConfigInput] => [key, input as TypedConfigInput]),
);

/**
 * The typed settings of a catalogue transform, derived here only: the provider's typed transform kinds and the
 * SDK generator (scripts/gen-connectors.ts) both take them from this function, so they cannot disagree.
 * Undefined for a transform the catalogue does not know.
 */
export function typedTransformFields(code: string): TypedTransformField[] | undefined {
  const entry = findConnector("transform", code);
  if (!entry || !(transformTypes as readonly string[]).includes(code)) return undefined;
  return fieldsOf(entry).map((field): TypedTransformField => {
    const owned = ownedInputs.get(field.key);
    if (owned !== undefined) return { ...field, name: owned, role: "owned" };
    if (field.key === languageKey) return { ...field, role: "language" };
    const short = field.key
      .replace(/^transforms\./, "")
      .replace(/[._-]+([a-zA-Z0-9])/g, (_, c: string) => c.toUpperCase());
    return { ...field, name: reservedNames.has(short) ? `${short}Setting` : short, role: "setting" };
  });
}

/**
 * A typed transform kind, e.g. `transform:sql_join`: the generic transform ({@link transformKind}) with its type
 * fixed by the token and each catalogue setting that has no generic input as a camelCase input instead of the
 * dotted `config` map (see {@link typedView}).
 */
export function typedTransformKind(code: string): KindDescription<JsonObject, TransformRecord> | undefined {
  const fields = typedTransformFields(code);
  if (!fields) return undefined;
  // The generic inputs the catalogue requires of this type (topic_router's topic patterns) are required here.
  const requiredOwned = Object.fromEntries(
    fields
      .filter((field) => field.role === "owned" && field.required)
      .map((field) => [field.name, transformInputsSchema.shape[field.name as keyof typeof transformInputsSchema.shape]])
      .filter(([, schema]) => schema instanceof z.ZodOptional)
      .map(([name, schema]) => [name, (schema as z.ZodOptional<z.ZodString>).unwrap()]),
  );
  return typedView<TransformInputs, TransformRecord>({
    generic: transformKind,
    noun: `${code} transform`,
    // Everything the generic transform takes except `type` and `config`, so inputs added there reach every
    // typed transform without a change here.
    baseSchema: transformAcceptedInputsSchema.omit({ type: true, config: true }).extend(requiredOwned),
    settings: fields.filter((field) => field.role === "setting"),
    fixed: { type: code },
    emptyConfig: false,
  });
}
