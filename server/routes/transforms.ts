/**
 * Transforms: create, update by body id, delete by query id, implementation versions, unit tests, preview/live
 * deploys and job status (notes' "Transforms").
 */
import { z } from "zod";
import { findConnector, transformTypes } from "../../catalogue";
import { HttpError, invalid, notFound } from "../core/errors";
import { nowIso, objectId } from "../core/ids";
import { parseBody, parseQuery } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { normalizeConfig } from "../domain/config";
import { filterAndSort, paginate, parseListQuery, single } from "../domain/listing";
import { prettyTopicName } from "../domain/pipelines";
import { effective } from "../domain/status";
import type { TransformRecord } from "../state/types";
import { assertTagsExist, origins } from "./connector-common";

const nameKey = "transforms.name";
const createBody = z.object({
  transform: z.enum(transformTypes),
  config: z.record(z.string(), z.unknown()),
  created_from: z.enum(origins).default("api"),
  // TF sends `tags` on create and update, `null` when unmanaged (internal/api/transform.go:41-57).
  tags: z.array(z.string()).nullish(),
});
// The backend overwrites the transform's implementation with the body's on every update, so clients re-send the
// one they read (TF internal/resource/transform/base.go:543-582, internal/api/transform.go:51-57).
const updateBody = z.object({
  id: z.string().min(1),
  transform: z.enum(transformTypes).optional(),
  config: z.record(z.string(), z.unknown()),
  implementation: z.record(z.string(), z.unknown()).nullish(),
  tags: z.array(z.string()).nullish(),
});
const unitTest = z
  .object({
    test_name: z.string().optional(),
    input__json: z.array(z.unknown()).default([]),
    output__json: z.array(z.unknown()).default([]),
  })
  .loose();
// Code types send api.md's Implementation object; SQL types the reference provider's structured forms
// (`mainTable`/`lookupTable`/`enrichSQL`, `inputTables`/`rollupSQL`/`joinSQL`/`keyFields`…, TF
// examples/resources/streamkap_transform_*/with_implementation.tf), without a language: both are stored as sent.
const implementation = z
  .object({
    language: z.enum(["PYTHON", "JAVASCRIPT", "SQL"]).optional(),
    value_transform: z.string().optional(),
    key_transform: z.string().optional(),
    topic_transform: z.string().optional(),
    unit_test: unitTest.nullish(),
  })
  .loose();
const implementationBody = z.object({ implementation }).loose();

/** Code carries all three functions, empty when not given (api.md Implementation); a SQL form is kept as sent. */
function withCodeDefaults(sent: z.output<typeof implementation>) {
  if (sent.language === undefined || sent.language === "SQL") return sent;
  return {
    ...sent,
    value_transform: sent.value_transform ?? "",
    key_transform: sent.key_transform ?? "",
    topic_transform: sent.topic_transform ?? "",
  };
}
// The preview deploy parses `replay_window` with the regex `(\d+)([smhd])` and answers 400 otherwise, "0"
// included (TF internal/api/transform.go:307-320, CHANGELOG 3.0.0-beta.16). The live deploy takes none (TF :336-356).
const replayWindow = /^\d+[smhd]$/;
const replayWindowError = "Replay window must be a valid duration like 3d, 10m, 2h, 30s";
/** Runs on Kafka Connect, not Flink: it has no preview job (TF topic_router_generated.go:42-45) and no code. */
const kafkaConnectTypes: readonly string[] = ["topic_router"];
/** The backend's latest-version alias (TF internal/constants/transform_status.go `DeployVersionLatest`). */
const latestVersion = "no-version";

function config(type: string, raw: Record<string, unknown>): Record<string, unknown> {
  const name = raw[nameKey];
  if (typeof name !== "string" || name.length === 0 || name.length > 255) {
    throw invalid(
      ["body", "config", nameKey],
      name === undefined ? "Field required" : "Name must be 1–255 characters",
      name === undefined ? "missing" : "value_error",
    );
  }
  // Known catalogue codes get key validation (enums, required keys, defaults); the others are kept as sent.
  return findConnector("transform", type)
    ? normalizeConfig({ kind: "transform", connector: type, config: raw })
    : { ...raw };
}

function assertUniqueName(ctx: ApiContext, name: string, exceptId?: string): void {
  const clash = Object.values(ctx.store.state.transforms).find(
    (t) => t.serviceId === ctx.caller.serviceId && t.name === name && t.id !== exceptId,
  );
  if (clash) throw invalid(["body", "config", nameKey], `A transform named '${name}' already exists`);
}

/** The job's status, or undefined while no job exists: never deployed, or deployed but not yet registered. */
function jobStatus(t: TransformRecord, now = Date.now()): string | undefined {
  if (t.deleteAt !== undefined) return "CANCELLING";
  if (t.jobTimeline.length === 0 || (t.jobRegistersAt !== undefined && now < t.jobRegistersAt)) return undefined;
  return effective(t.jobTimeline, now);
}

function latestImplementation(t: TransformRecord) {
  const v = t.versions[t.versions.length - 1];
  return v ? { ...v.implementation, version: v.version } : null;
}

/** The code the transform holds now: what the last PUT /transforms or implementation_details wrote. */
function currentImplementation(t: TransformRecord) {
  return t.implementation === undefined ? latestImplementation(t) : t.implementation;
}

/**
 * The output topics once deployed. An array: TF decodes `topic_ids` as `[]string` (internal/api/transform.go:32)
 * and would fail every read of a string; the DOCS schema's `string` cannot be what the service sends. Deployed
 * topics carry the `transform_<id>_<version>` prefix (TF CHANGELOG, "planned set element does not correlate").
 */
function topicIds(t: TransformRecord): string[] {
  if (t.liveVersion === null) return [];
  return [`transform_${t.id}_${t.liveVersion}.${String(t.config["transforms.output.topic.pattern"] ?? "")}`];
}

export function renderTransform(ctx: ApiContext, t: TransformRecord) {
  const service = ctx.store.service(t.serviceId);
  return {
    id: t.id,
    name: t.name,
    sub_id: service?.subId ?? null,
    tenant_id: service?.tenantId ?? null,
    service_id: t.serviceId,
    job_name: `transform-${t.id}`,
    transform_type: t.transformType,
    config: t.config,
    start_time: t.jobStartedAt ? nowIso(t.jobStartedAt) : null,
    topic_ids: topicIds(t),
    // Pretty names parallel to `topic_ids`, read by the reference client to pick a pipeline item's `topic_id`
    // (TF internal/resource/pipeline/pipeline.go:557-568; datasource/transform_test.go:12-40).
    topics: topicIds(t).map(prettyTopicName),
    tags: [...(t.tags ?? [])],
    implementation: currentImplementation(t),
    metrics: {
      tasks: 1,
      latency: 0,
      status: jobStatus(t) ?? "UNKNOWN",
      duration: 0,
      start_time: t.jobStartedAt ?? 0,
      end_time: "",
    },
    live_version: t.liveVersion === null ? null : String(t.liveVersion),
    preview_version: t.previewVersion === null ? null : String(t.previewVersion),
    version: t.versions.length,
    updated_timestamp: nowIso(t.updatedAt),
    implementation_updated_timestamp: t.implementationUpdatedAt ? nowIso(t.implementationUpdatedAt) : null,
  };
}

function own(ctx: ApiContext, id: string | undefined): TransformRecord {
  const t = id ? ctx.store.state.transforms[id] : undefined;
  if (!t || t.serviceId !== ctx.caller.serviceId) throw notFound("Transform");
  return t;
}

/** A transform that may still be changed: one being deleted refuses every write the same way (F14). */
function writable(ctx: ApiContext, id: string | undefined): TransformRecord {
  const t = own(ctx, id);
  if (t.deleteAt !== undefined) throw new HttpError(409, `Transform ${t.id} is being deleted`);
  return t;
}

function version(t: TransformRecord, id: string) {
  if (t.versions.length === 0) throw new HttpError(400, "The transform has no implementation yet");
  const v = id === latestVersion ? t.versions[t.versions.length - 1] : t.versions.find((x) => String(x.version) === id);
  if (!v) throw notFound(`Version ${id}`);
  return v;
}

function deploy(which: "preview" | "live") {
  return (ctx: ApiContext) => {
    const t = writable(ctx, ctx.params.id);
    const kafkaConnect = kafkaConnectTypes.includes(t.transformType);
    if (which === "preview") {
      if (kafkaConnect) throw new HttpError(400, `A ${t.transformType} transform has no preview deploy`);
      const replay = ctx.query.replay_window;
      if (replay !== undefined && (typeof replay !== "string" || !replayWindow.test(replay))) {
        throw new HttpError(400, replayWindowError);
      }
    }
    // A Kafka Connect transform has no code: it deploys its config, as version 0 when no version was written.
    const v = kafkaConnect && t.versions.length === 0 ? undefined : version(t, ctx.params.version_id);
    const now = Date.now();
    if (which === "preview") t.previewVersion = v?.version ?? 0;
    else t.liveVersion = v?.version ?? 0;
    // The job registers half-way through statusDelayMs; until then job_status answers 400 "Job not found".
    t.jobRegistersAt = now + Math.floor(ctx.store.timings.statusDelayMs / 2);
    t.jobTimeline = [
      { status: "DEPLOYING", at: now },
      { status: "RUNNING", at: now + ctx.store.timings.statusDelayMs },
    ];
    t.jobStartedAt = now;
    ctx.store.changed();
    return v ? { ...v.implementation, version: v.version } : { version: 0 };
  };
}

function runUnitTests(ctx: ApiContext) {
  const t = writable(ctx, ctx.params.id);
  const v = version(t, ctx.params.version_id);
  const test = unitTest.safeParse(v.implementation.unit_test ?? {});
  const input = test.success ? test.data.input__json : [];
  const expected = test.success ? test.data.output__json : [];
  // Code is not executed locally: records pass through unchanged (documented in docs/local-server.md).
  const ok = JSON.stringify(input) === JSON.stringify(expected);
  return {
    ...v.implementation,
    unit_test: {
      ...(test.success ? test.data : {}),
      result__json: input,
      is_success: ok,
      html_diff: ok ? "" : "<pre>result differs from output__json</pre>",
      text_diff: ok ? "" : "result differs from output__json",
    },
  };
}

export const transformRoutes: RouteDef[] = [
  route("GET", "/transforms", (ctx) => {
    const q = parseListQuery(ctx.query);
    const items = Object.values(ctx.store.state.transforms)
      .filter((t) => t.serviceId === ctx.caller.serviceId)
      .map((t) => ({ id: t.id, name: t.name, createdAt: t.createdAt, record: t }));
    return paginate(filterAndSort(items, q), q.page, q.page_size, (it) => renderTransform(ctx, it.record));
  }),
  route("POST", "/transforms", (ctx) => {
    const body = parseBody(createBody, ctx.body);
    const cfg = config(body.transform, body.config);
    assertUniqueName(ctx, String(cfg[nameKey]));
    assertTagsExist(ctx, body.tags ?? [], ["body", "tags"]);
    const now = Date.now();
    const t: TransformRecord = {
      id: objectId(),
      serviceId: ctx.caller.serviceId,
      name: String(cfg[nameKey]),
      transformType: body.transform,
      config: cfg,
      createdAt: now,
      createdFrom: body.created_from,
      updatedAt: now,
      implementationUpdatedAt: null,
      versions: [],
      previewVersion: null,
      liveVersion: null,
      jobTimeline: [],
      jobStartedAt: null,
      tags: [...(body.tags ?? [])],
    };
    ctx.store.state.transforms[t.id] = t;
    ctx.store.changed();
    return renderTransform(ctx, t);
  }),
  route("PUT", "/transforms", (ctx) => {
    const body = parseBody(updateBody, ctx.body);
    const t = writable(ctx, body.id);
    if (body.transform && body.transform !== t.transformType) {
      throw invalid(["body", "transform"], `The type of a transform cannot change (stored: '${t.transformType}')`);
    }
    const cfg = config(t.transformType, body.config);
    assertUniqueName(ctx, String(cfg[nameKey]), t.id);
    if (body.tags) assertTagsExist(ctx, body.tags, ["body", "tags"]);
    // Overwritten, not merged: an update without `implementation` wipes the code (see updateBody).
    Object.assign(t, {
      config: cfg,
      name: String(cfg[nameKey]),
      implementation: body.implementation ?? null,
      // `null` or absent keeps the tags; a list replaces them (as for sources: TF internal/api/source.go:30-37).
      tags: body.tags == null ? (t.tags ?? []) : [...body.tags],
      updatedAt: Date.now(),
    });
    ctx.store.changed();
    return renderTransform(ctx, t);
  }),
  route("DELETE", "/transforms", (ctx) => {
    const id = parseQuery(z.object({ id: z.string().min(1) }).loose(), ctx.query).id;
    const t = own(ctx, id);
    t.deleteAt ??= Date.now() + ctx.store.timings.deleteDelayMs;
    ctx.store.changed();
    return renderTransform(ctx, t);
  }),
  route("GET", "/transforms/:id", (ctx) => {
    const t = ctx.store.state.transforms[ctx.params.id];
    return single(t && t.serviceId === ctx.caller.serviceId ? renderTransform(ctx, t) : undefined);
  }),
  // Every version by its id (TF internal/api/transform.go:246-250 decodes `{transform_id, impl_versions}`).
  route("GET", "/transforms/:id/implementation_details", (ctx) => {
    const t = own(ctx, ctx.params.id);
    const versions = t.versions.map((v) => [
      String(v.version),
      {
        transform_id: t.id,
        version_id: String(v.version),
        config: t.config,
        created_timestamp: nowIso(v.createdAt),
        implementation: v.implementation,
      },
    ]);
    return { transform_id: t.id, impl_versions: Object.fromEntries(versions) };
  }),
  route("PUT", "/transforms/:id/implementation_details", (ctx) => {
    const t = writable(ctx, ctx.params.id);
    const body = parseBody(implementationBody, ctx.body);
    const now = Date.now();
    const implementation = withCodeDefaults(body.implementation);
    t.versions.push({ version: t.versions.length + 1, createdAt: now, implementation });
    t.implementation = { ...implementation, version: t.versions.length };
    t.implementationUpdatedAt = now;
    ctx.store.changed();
    // The answer has the body's shape (DOCS put-transforms-implementation-details).
    return {
      transform_id: t.id,
      version_id: String(t.versions.length),
      description: null,
      config: t.config,
      created_timestamp: nowIso(now),
      implementation: latestImplementation(t),
    };
  }),
  route("PUT", "/transforms/:id/run-unit-tests/:version_id", runUnitTests),
  route("PUT", "/transforms/:id/deploy-job-preview/:version_id", deploy("preview")),
  route("PUT", "/transforms/:id/deploy-job-live/:version_id", deploy("live")),
  // The backend rewrites its 404s here into 400 with detail "Transform not found" or "Job not found" (TF
  // internal/resource/transform/base.go:442-494); a job is not found until it registers after a deploy.
  route("GET", "/transforms/:id/job_status", (ctx) => {
    const t = ctx.store.state.transforms[ctx.params.id];
    if (!t || t.serviceId !== ctx.caller.serviceId) throw new HttpError(400, "Transform not found");
    const timed = jobStatus(t);
    if (timed === undefined) throw new HttpError(400, "Job not found");
    const status = t.scriptedJobStatuses?.shift() ?? timed;
    if (t.scriptedJobStatuses !== undefined) ctx.store.changed();
    return {
      id: t.id,
      job_name: `transform-${t.id}`,
      status,
      start_time: t.jobStartedAt ? nowIso(t.jobStartedAt) : null,
    };
  }),
];
