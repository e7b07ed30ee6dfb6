import { z } from "zod";

/**
 * Response shapes, read tolerantly: unknown fields pass through, every field the service documents as
 * nullable may be null or absent, and only a field of the wrong type fails, naming what came instead.
 */

const nullableString = z.string().nullish();

/** Config values come back mostly as strings, sometimes as numbers, booleans or lists. */
export const configValue = z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.null()]);
export type WireConfigValue = z.infer<typeof configValue>;

export const connectorRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  connector: nullableString,
  connector_display_name: nullableString,
  created_timestamp: nullableString,
  created_from: nullableString,
  sub_id: nullableString,
  tenant_id: nullableString,
  service_id: nullableString,
  config: z.record(z.string(), configValue).nullish(),
  topic_ids: z.array(z.string()).nullish(),
  topics: z.array(z.string()).nullish(),
  topic_map: z.record(z.string(), z.unknown()).nullish(),
  tasks: z.array(z.number()).nullish(),
  connector_status: nullableString,
  task_statuses: z.record(z.string(), z.unknown()).nullish(),
});
export type ConnectorRecord = z.infer<typeof connectorRecord>;

export const pipelineRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  created_from: nullableString,
  snapshot_new_tables: z.boolean().nullish(),
  topic_ids: z.array(z.string()).nullish(),
  topics: z.array(z.string()).nullish(),
  source: z.looseObject({ id: z.string().nullish(), name: nullableString, connector: nullableString }).nullish(),
  destination: z.looseObject({ id: z.string().nullish(), name: nullableString, connector: nullableString }).nullish(),
  transforms: z.array(z.unknown()).nullish(),
  tags: z.array(z.unknown()).nullish(),
});
export type PipelineRecord = z.infer<typeof pipelineRecord>;

export const topicRecord = z.looseObject({
  id: z.string(),
  name: nullableString,
  topic_name: nullableString,
  entity: z.unknown().optional(),
  num_partitions: z.union([z.number(), z.string()]).nullish(),
  partition_count: z.union([z.number(), z.string()]).nullish(),
  cleanup_policy: nullableString,
  retention_ms: z.union([z.number(), z.string()]).nullish(),
  retention_bytes: z.union([z.number(), z.string()]).nullish(),
  serialization: z.unknown().optional(),
  tags: z.array(z.unknown()).nullish(),
});
export type TopicRecord = z.infer<typeof topicRecord>;

/** The list envelope `{result, page, page_size, total, has_next}`; GET by id answers it with one item. */
export function envelope<T extends z.ZodType>(item: T) {
  return z.looseObject({
    result: z.array(item),
    page: z.number().nullish(),
    page_size: z.number().nullish(),
    total: z.number().nullish(),
    has_next: z.boolean().nullish(),
  });
}

/** Answers whose body nobody reads (deletes, lifecycle actions). */
export const anyBody = z.unknown();

/** The service's error detail as one line: a 422's items as "loc: msg", or the text as is. */
export function describeDetail(body: unknown): string | undefined {
  if (typeof body === "string") {
    return body.slice(0, 500) || undefined;
  }
  if (typeof body !== "object" || body === null || !("detail" in body)) {
    return undefined;
  }
  const detail = (body as { detail: unknown }).detail;
  if (typeof detail === "string") {
    return detail;
  }
  if (Array.isArray(detail)) {
    return detail
      .map((item: { loc?: unknown; msg?: unknown }) => {
        const loc = Array.isArray(item?.loc) ? item.loc.filter((part) => part !== "body").join(".") : "";
        return loc ? `${loc}: ${String(item?.msg ?? "invalid")}` : String(item?.msg ?? "invalid");
      })
      .join("; ");
  }
  return JSON.stringify(detail).slice(0, 500);
}

/** "field `result.0.config`: Invalid input: expected record, received number" — zod 4 never quotes the value. */
export function describeParseFailure(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) {
    return "the answer did not match the API contract";
  }
  const path = issue.path.length > 0 ? `field \`${issue.path.join(".")}\`` : "the answer";
  return `${path}: ${issue.message}`;
}
