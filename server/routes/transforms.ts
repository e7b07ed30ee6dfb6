/**
 * Transforms: create, update by body id, delete by query id, implementation versions, unit tests, preview/live
 * deploys and job status (notes' "Transforms").
 */
import { isDeepStrictEqual } from "node:util";

import { z } from "zod";
import { findConnector, transformTypes } from "../../catalogue";
import { HttpError, invalid, notFound } from "../core/errors";
import { nowIso, objectId } from "../core/ids";
import { parseBody, parseQuery } from "../core/validate";
import { mustOwn, ownedBy, ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import { normalizeConfig } from "../domain/config";
import { filterAndSort, paginate, parseListQuery, single } from "../domain/listing";
import { prettyTopicName } from "../domain/pipelines";
import { effective } from "../domain/status";
import type { StoredTransform } from "../state/types";
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

/**
 * The service's own defaults of a rollup, added to what is stored when left out (TF
 * internal/resource/transform/base.go:386-401 "The API may add server-side defaults (e.g., sourceIdleTimeoutMs,
 * stateTTLMs for rollup)"; the values from base_test.go:96-97). Other SQL forms are kept as sent: no evidence.
 */
const storedSqlDefaults: Record<string, Record<string, unknown>> = {
  rollup: { sourceIdleTimeoutMs: 30_000, stateTTLMs: 86_400_000 },
};

/**
 * Code carries all three functions, empty when not given (api.md Implementation); a SQL form is kept as sent,
 * with the service's defaults of its type added.
 */
function withStoredDefaults(type: string, sent: z.output<typeof implementation>) {
  if (sent.language === undefined || sent.language === "SQL") {
    const isSqlForm = !("value_transform" in sent) && !("key_transform" in sent) && !("topic_transform" in sent);
    return isSqlForm ? { ...storedSqlDefaults[type], ...sent } : sent;
  }
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
/**
 * The backend's latest-version alias (TF internal/constants/transform_status.go `DeployVersionLatest`), which "the
 * backend normalizes to \"0\"" (TF internal/api/transform.go:307): `0` names the same thing.
 */
const latestVersions: readonly string[] = ["no-version", "0"];

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
  const clash = ownedIn(ctx, ctx.store.state.transforms).find(
    (transform) => transform.name === name && transform.id !== exceptId,
  );
  if (clash) throw invalid(["body", "config", nameKey], `A transform named '${name}' already exists`);
}

/** The job's status, or undefined while no job exists: never deployed, or deployed but not yet registered. */
function jobStatus(transform: StoredTransform, now = Date.now()): string | undefined {
  if (transform.deleteAt !== undefined) return "CANCELLING";
  if (transform.jobTimeline.length === 0 || (transform.jobRegistersAt !== undefined && now < transform.jobRegistersAt))
    return undefined;
  return effective(transform.jobTimeline, now);
}

function latestImplementation(transform: StoredTransform) {
  const stored = transform.versions[transform.versions.length - 1];
  return stored ? { ...stored.implementation, version: stored.version } : null;
}

/** The code the transform holds now: what the last PUT /transforms or implementation_details wrote. */
function currentImplementation(transform: StoredTransform) {
  return transform.implementation === undefined ? latestImplementation(transform) : transform.implementation;
}

/**
 * The output topics once deployed. An array: TF decodes `topic_ids` as `[]string` (internal/api/transform.go:32)
 * and would fail every read of a string; the DOCS schema's `string` cannot be what the service sends. Deployed
 * topics carry the `transform_<id>_<version>` prefix (TF CHANGELOG, "planned set element does not correlate").
 */
function topicIds(transform: StoredTransform): string[] {
  if (transform.liveVersion === null) return [];
  return [
    `transform_${transform.id}_${transform.liveVersion}.${String(transform.config["transforms.output.topic.pattern"] ?? "")}`,
  ];
}

export function renderTransform(ctx: ApiContext, transform: StoredTransform) {
  const service = ctx.store.service(transform.serviceId);
  return {
    id: transform.id,
    name: transform.name,
    sub_id: service?.subId ?? null,
    tenant_id: service?.tenantId ?? null,
    service_id: transform.serviceId,
    job_name: `transform-${transform.id}`,
    transform_type: transform.transformType,
    config: transform.config,
    start_time: transform.jobStartedAt ? nowIso(transform.jobStartedAt) : null,
    topic_ids: topicIds(transform),
    // Pretty names parallel to `topic_ids`, read by the reference client to pick a pipeline item's `topic_id`
    // (TF internal/resource/pipeline/pipeline.go:557-568; datasource/transform_test.go:12-40).
    topics: topicIds(transform).map(prettyTopicName),
    tags: [...(transform.tags ?? [])],
    implementation: currentImplementation(transform),
    metrics: {
      tasks: 1,
      latency: 0,
      status: jobStatus(transform) ?? "UNKNOWN",
      duration: 0,
      start_time: transform.jobStartedAt ?? 0,
      end_time: "",
    },
    live_version: transform.liveVersion === null ? null : String(transform.liveVersion),
    preview_version: transform.previewVersion === null ? null : String(transform.previewVersion),
    version: transform.versions.length,
    updated_timestamp: nowIso(transform.updatedAt),
    implementation_updated_timestamp: transform.implementationUpdatedAt
      ? nowIso(transform.implementationUpdatedAt)
      : null,
  };
}

function own(ctx: ApiContext, id: string | undefined): StoredTransform {
  return mustOwn(ctx, ctx.store.state.transforms, id, "Transform");
}

/** A transform that may still be changed: one being deleted refuses every write the same way (F14). */
function writable(ctx: ApiContext, id: string | undefined): StoredTransform {
  const transform = own(ctx, id);
  if (transform.deleteAt !== undefined) throw new HttpError(409, `Transform ${transform.id} is being deleted`);
  return transform;
}

/** A stored version by its id; the latest for the alias. */
function version(transform: StoredTransform, id: string) {
  const stored = latestVersions.includes(id)
    ? transform.versions[transform.versions.length - 1]
    : transform.versions.find((candidate) => String(candidate.version) === id);
  if (!stored) throw notFound(`Version ${id}`);
  return stored;
}

/**
 * What a deploy of `id` runs: a stored version, or, when none was ever written and the latest is asked for,
 * version 0, the transform's current implementation (none for a new one). The reference examples deploy a new
 * transform that has no code (TF examples/resources/streamkap_transform_*\/complete.tf: `deploy = true`, no
 * `implementation_json`), and TF's `no-version` is "normalized to 0" by the backend (internal/api/transform.go:307).
 */
function deployed(transform: StoredTransform, id: string) {
  if (transform.versions.length === 0 && latestVersions.includes(id)) {
    return { version: 0, implementation: transform.implementation ?? null };
  }
  const stored = version(transform, id);
  return { version: stored.version, implementation: stored.implementation };
}

function deploy(which: "preview" | "live") {
  return (ctx: ApiContext) => {
    const transform = writable(ctx, ctx.params.id);
    const kafkaConnect = kafkaConnectTypes.includes(transform.transformType);
    if (which === "preview") {
      if (kafkaConnect) throw new HttpError(400, `A ${transform.transformType} transform has no preview deploy`);
      const replay = ctx.query.replay_window;
      if (replay !== undefined && (typeof replay !== "string" || !replayWindow.test(replay))) {
        throw new HttpError(400, replayWindowError);
      }
    }
    // A Kafka Connect transform has no code either: it deploys its config, as version 0 when none was written.
    const stored = deployed(transform, ctx.params.version_id);
    const now = Date.now();
    if (which === "preview") transform.previewVersion = stored.version;
    else transform.liveVersion = stored.version;
    // The job registers half-way through statusDelayMs; until then job_status answers 400 "Job not found".
    transform.jobRegistersAt = now + Math.floor(ctx.store.timings.statusDelayMs / 2);
    transform.jobTimeline = [
      { status: "DEPLOYING", at: now },
      { status: "RUNNING", at: now + ctx.store.timings.statusDelayMs },
    ];
    transform.jobStartedAt = now;
    ctx.store.changed();
    return { ...stored.implementation, version: stored.version };
  };
}

function runUnitTests(ctx: ApiContext) {
  const transform = writable(ctx, ctx.params.id);
  const stored = version(transform, ctx.params.version_id);
  const test = unitTest.safeParse(stored.implementation.unit_test ?? {});
  const input = test.success ? test.data.input__json : [];
  const expected = test.success ? test.data.output__json : [];
  // Code is not executed locally: records pass through unchanged (documented in docs/local-server.md). Records
  // compare as values, whatever order their keys came in (the service is Python: dicts are equal regardless).
  const ok = isDeepStrictEqual(input, expected);
  return {
    ...stored.implementation,
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
    const query = parseListQuery(ctx.query);
    const items = ownedIn(ctx, ctx.store.state.transforms).map((transform) => ({
      id: transform.id,
      name: transform.name,
      createdAt: transform.createdAt,
      record: transform,
    }));
    return paginate(filterAndSort(items, query), query.page, query.page_size, (it) => renderTransform(ctx, it.record));
  }),
  route("POST", "/transforms", (ctx) => {
    const body = parseBody(createBody, ctx.body);
    const cfg = config(body.transform, body.config);
    assertUniqueName(ctx, String(cfg[nameKey]));
    assertTagsExist(ctx, body.tags ?? [], ["body", "tags"]);
    const now = Date.now();
    const transform: StoredTransform = {
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
    ctx.store.state.transforms[transform.id] = transform;
    ctx.store.changed();
    return renderTransform(ctx, transform);
  }),
  route("PUT", "/transforms", (ctx) => {
    const body = parseBody(updateBody, ctx.body);
    const transform = writable(ctx, body.id);
    if (body.transform && body.transform !== transform.transformType) {
      throw invalid(
        ["body", "transform"],
        `The type of a transform cannot change (stored: '${transform.transformType}')`,
      );
    }
    const cfg = config(transform.transformType, body.config);
    assertUniqueName(ctx, String(cfg[nameKey]), transform.id);
    if (body.tags) assertTagsExist(ctx, body.tags, ["body", "tags"]);
    // Overwritten, not merged: an update without `implementation` wipes the code (see updateBody).
    Object.assign(transform, {
      config: cfg,
      name: String(cfg[nameKey]),
      implementation: body.implementation ?? null,
      // `null` or absent keeps the tags; a list replaces them (as for sources: TF internal/api/source.go:30-37).
      tags: body.tags == null ? (transform.tags ?? []) : [...body.tags],
      updatedAt: Date.now(),
    });
    ctx.store.changed();
    return renderTransform(ctx, transform);
  }),
  route("DELETE", "/transforms", (ctx) => {
    const id = parseQuery(z.object({ id: z.string().min(1) }).loose(), ctx.query).id;
    const transform = own(ctx, id);
    transform.deleteAt ??= Date.now() + ctx.store.timings.deleteDelayMs;
    ctx.store.changed();
    return renderTransform(ctx, transform);
  }),
  route("GET", "/transforms/:id", (ctx) => {
    const transform = ownedBy(ctx, ctx.store.state.transforms, ctx.params.id);
    return single(transform && renderTransform(ctx, transform));
  }),
  // Every version by its id (TF internal/api/transform.go:246-250 decodes `{transform_id, impl_versions}`).
  route("GET", "/transforms/:id/implementation_details", (ctx) => {
    const transform = own(ctx, ctx.params.id);
    const versions = transform.versions.map((stored) => [
      String(stored.version),
      {
        transform_id: transform.id,
        version_id: String(stored.version),
        config: transform.config,
        created_timestamp: nowIso(stored.createdAt),
        implementation: stored.implementation,
      },
    ]);
    return { transform_id: transform.id, impl_versions: Object.fromEntries(versions) };
  }),
  route("PUT", "/transforms/:id/implementation_details", (ctx) => {
    const transform = writable(ctx, ctx.params.id);
    const body = parseBody(implementationBody, ctx.body);
    const now = Date.now();
    const implementation = withStoredDefaults(transform.transformType, body.implementation);
    transform.versions.push({ version: transform.versions.length + 1, createdAt: now, implementation });
    transform.implementation = { ...implementation, version: transform.versions.length };
    transform.implementationUpdatedAt = now;
    ctx.store.changed();
    // The answer has the body's shape (DOCS put-transforms-implementation-details).
    return {
      transform_id: transform.id,
      version_id: String(transform.versions.length),
      description: null,
      config: transform.config,
      created_timestamp: nowIso(now),
      implementation: latestImplementation(transform),
    };
  }),
  route("PUT", "/transforms/:id/run-unit-tests/:version_id", runUnitTests),
  route("PUT", "/transforms/:id/deploy-job-preview/:version_id", deploy("preview")),
  route("PUT", "/transforms/:id/deploy-job-live/:version_id", deploy("live")),
  // The backend rewrites its 404s here into 400 with detail "Transform not found" or "Job not found" (TF
  // internal/resource/transform/base.go:442-494); a job is not found until it registers after a deploy.
  route("GET", "/transforms/:id/job_status", (ctx) => {
    const transform = ownedBy(ctx, ctx.store.state.transforms, ctx.params.id);
    if (!transform) throw new HttpError(400, "Transform not found");
    const timed = jobStatus(transform);
    if (timed === undefined) throw new HttpError(400, "Job not found");
    const status = transform.scriptedJobStatuses?.shift() ?? timed;
    if (transform.scriptedJobStatuses !== undefined) ctx.store.changed();
    return {
      id: transform.id,
      job_name: `transform-${transform.id}`,
      status,
      start_time: transform.jobStartedAt ? nowIso(transform.jobStartedAt) : null,
    };
  }),
];
