// Transforms: create, update by body id, delete by query id, implementation versions, unit tests, preview/live
// deploys and job status (notes' "Transforms").
import { z } from "zod";
import { findConnector, TRANSFORM_TYPES } from "../catalog";
import { HttpError, invalid, notFound } from "../core/errors";
import { nowIso, objectId } from "../core/ids";
import { parseBody, parseQuery } from "../core/validate";
import { route, type ApiContext, type RouteDef } from "../http/context";
import { normalizeConfig } from "../domain/config";
import { filterAndSort, paginate, parseListQuery, single } from "../domain/listing";
import { effective } from "../domain/status";
import type { TransformRecord } from "../state/types";
import { ORIGINS } from "./connector-common";

const NAME_KEY = "transforms.name";
const createBody = z.object({
  transform: z.enum(TRANSFORM_TYPES),
  config: z.record(z.string(), z.unknown()),
  created_from: z.enum(ORIGINS).default("api"),
});
const updateBody = z.object({
  id: z.string().min(1),
  transform: z.enum(TRANSFORM_TYPES).optional(),
  config: z.record(z.string(), z.unknown()),
});
const unitTest = z
  .object({
    test_name: z.string().optional(),
    input__json: z.array(z.unknown()).default([]),
    output__json: z.array(z.unknown()).default([]),
  })
  .loose();
const implementation = z
  .object({
    language: z.enum(["PYTHON", "JAVASCRIPT", "SQL"]),
    value_transform: z.string().default(""),
    key_transform: z.string().default(""),
    topic_transform: z.string().default(""),
    unit_test: unitTest.nullish(),
  })
  .loose();
const implementationBody = z.object({ implementation }).loose();
const deployQuery = z.object({ replay_window: z.enum(["7d", "3d", "24h", "10m", "0"]).optional() }).loose();

function config(type: string, raw: Record<string, unknown>): Record<string, unknown> {
  const name = raw[NAME_KEY];
  if (typeof name !== "string" || name.length === 0 || name.length > 255) {
    throw invalid(
      ["body", "config", NAME_KEY],
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
  if (clash) throw invalid(["body", "config", NAME_KEY], `A transform named '${name}' already exists`);
}

function jobStatus(t: TransformRecord): string {
  if (t.deleteAt !== undefined) return "CANCELLING";
  return t.jobTimeline.length === 0 ? "CREATED" : effective(t.jobTimeline);
}

function latestImplementation(t: TransformRecord) {
  const v = t.versions[t.versions.length - 1];
  return v ? { ...v.implementation, version: v.version } : null;
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
    topic_ids: String(t.config["transforms.output.topic.pattern"] ?? ""),
    implementation: latestImplementation(t),
    metrics: { tasks: 1, latency: 0, status: jobStatus(t), duration: 0, start_time: t.jobStartedAt ?? 0, end_time: "" },
    live_version: t.liveVersion === null ? null : String(t.liveVersion),
    preview_version: t.previewVersion === null ? null : String(t.previewVersion),
    version: t.versions.length,
    updated_timestamp: nowIso(t.updatedAt),
    implementation_updated_timestamp: t.implementationUpdatedAt ? nowIso(t.implementationUpdatedAt) : null,
    created_from: t.createdFrom,
  };
}

function own(ctx: ApiContext, id: string | undefined): TransformRecord {
  const t = id ? ctx.store.state.transforms[id] : undefined;
  if (!t || t.serviceId !== ctx.caller.serviceId) throw notFound("Transform");
  return t;
}

function version(t: TransformRecord, id: string) {
  if (t.versions.length === 0) throw new HttpError(400, "The transform has no implementation yet");
  const v = id === "no-version" ? t.versions[t.versions.length - 1] : t.versions.find((x) => String(x.version) === id);
  if (!v) throw notFound(`Version ${id}`);
  return v;
}

function deploy(which: "preview" | "live") {
  return (ctx: ApiContext) => {
    parseQuery(deployQuery, ctx.query);
    const t = own(ctx, ctx.params.id);
    const v = version(t, ctx.params.version_id);
    const now = Date.now();
    if (which === "preview") t.previewVersion = v.version;
    else t.liveVersion = v.version;
    t.jobTimeline = [
      { status: "DEPLOYING", at: now },
      { status: "RUNNING", at: now + ctx.store.timings.statusDelayMs },
    ];
    t.jobStartedAt = now;
    ctx.store.changed();
    return { ...v.implementation, version: v.version };
  };
}

function runUnitTests(ctx: ApiContext) {
  const t = own(ctx, ctx.params.id);
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
    assertUniqueName(ctx, String(cfg[NAME_KEY]));
    const now = Date.now();
    const t: TransformRecord = {
      id: objectId(),
      serviceId: ctx.caller.serviceId,
      name: String(cfg[NAME_KEY]),
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
    };
    ctx.store.state.transforms[t.id] = t;
    ctx.store.changed();
    return renderTransform(ctx, t);
  }),
  route("PUT", "/transforms", (ctx) => {
    const body = parseBody(updateBody, ctx.body);
    const t = own(ctx, body.id);
    if (t.deleteAt !== undefined) throw new HttpError(409, `Transform ${t.id} is being deleted`);
    if (body.transform && body.transform !== t.transformType) {
      throw invalid(["body", "transform"], `The type of a transform cannot change (stored: '${t.transformType}')`);
    }
    const cfg = config(t.transformType, body.config);
    assertUniqueName(ctx, String(cfg[NAME_KEY]), t.id);
    Object.assign(t, { config: cfg, name: String(cfg[NAME_KEY]), updatedAt: Date.now() });
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
  route("GET", "/transforms/:id/implementation_details", (ctx) => {
    const t = own(ctx, ctx.params.id);
    return { transform_id: t.id, version_id: t.versions.length || null, implementation: latestImplementation(t) };
  }),
  route("PUT", "/transforms/:id/implementation_details", (ctx) => {
    const t = own(ctx, ctx.params.id);
    const body = parseBody(implementationBody, ctx.body);
    const now = Date.now();
    t.versions.push({ version: t.versions.length + 1, createdAt: now, implementation: body.implementation });
    t.implementationUpdatedAt = now;
    ctx.store.changed();
    return { transform_id: t.id, version_id: t.versions.length, implementation: latestImplementation(t) };
  }),
  route("PUT", "/transforms/:id/run-unit-tests/:version_id", runUnitTests),
  route("PUT", "/transforms/:id/deploy-job-preview/:version_id", deploy("preview")),
  route("PUT", "/transforms/:id/deploy-job-live/:version_id", deploy("live")),
  route("GET", "/transforms/:id/job_status", (ctx) => {
    const t = own(ctx, ctx.params.id);
    return {
      id: t.id,
      job_name: `transform-${t.id}`,
      status: jobStatus(t),
      start_time: t.jobStartedAt ? nowIso(t.jobStartedAt) : null,
    };
  }),
];
