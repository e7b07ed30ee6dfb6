/**
 * Pipelines: one source to one destination over some of the source's topics, with transforms attached to topics.
 */
import { z } from "zod";
import { HttpError } from "../core/errors";
import { objectId } from "../core/ids";
import { parseBody, parseQuery } from "../core/validate";
import { mustOwn, ownedBy, ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import { renderConnector } from "../domain/connectors";
import { boolParam, filterAndSort, paginate, parseListQuery, single } from "../domain/listing";
import { prettyTopicName, renderTransformItem } from "../domain/pipelines";
import { sourceTopicId, sourceTopics } from "../domain/topics";
import type { PipelineAutoDiscovery, StoredPipeline, PipelineTransform } from "../state/types";
import { assertTagsExist, origins } from "./connector-common";

const ref = z.object({ id: z.string().min(1), name: z.string().nullish(), connector: z.string().nullish() }).loose();
/** TF internal/api/pipeline.go:57-63: one item per (transform, topic); `topic` is derived again from `topic_id`. */
const transformItem = z
  .object({
    id: z.string().min(1),
    name: z.string().nullish(),
    start_time: z.string().nullish(),
    topic_id: z.string().min(1),
    topic: z.string().nullish(),
  })
  .loose();
/** TF internal/api/pipeline.go:26-35: `{transform_id, regex}`, stored and echoed unchanged. */
const autoDiscoveryRule = z.object({ transform_id: z.string().min(1), regex: z.string().min(1) }).loose();
const updateBody = z
  .object({
    name: z.string().min(1).max(255),
    // Pretty names (`public.orders`), as the reference client sends them (TF pipeline.go:637-690, :682;
    // examples/resources/streamkap_pipeline/complete.tf:108-111). TF defaults the set to empty.
    source: ref.extend({ topics: z.array(z.string()).nullish() }),
    destination: ref,
    // null or absent: keep (create: the Development tag); []: clear (TF internal/api/source.go:30-37).
    tags: z.array(z.string()).nullish(),
    snapshot_new_tables: z.boolean().default(false),
    // null or absent: keep; a list replaces what the pipeline has.
    transforms: z.array(transformItem).nullish(),
    topic_auto_discovery_transforms: z.array(autoDiscoveryRule).nullish(),
  })
  .loose();
const createBody = updateBody.extend({ created_from: z.enum(origins).default("api") });
/** TF sends `?secret_returned=true&wait=false` on every write (internal/api/pipeline.go:84,199,225). */
const writeQuery = z.object({ secret_returned: boolParam, wait: boolParam }).loose();

type Body = z.output<typeof updateBody>;

function developmentTag(ctx: ApiContext): string[] {
  const tag = ownedIn(ctx, ctx.store.state.tags).find(
    (candidate) => candidate.system && candidate.name === "Development",
  );
  return tag ? [tag.id] : [];
}

/** Whether the call asked not to wait (`wait=false`); without it the service answers once the work is done. */
function waits(ctx: ApiContext): boolean {
  const query = parseQuery(writeQuery, ctx.query);
  return ctx.query.wait === undefined || query.wait;
}

/**
 * Each entry of `source.topics` is a pretty name, turned into the topic id `source_<sourceId>.<name>` the way the
 * service does (TF resolveTransformTopicID, pipeline.go:557-568, mirrors `get_topic_id_from_pretty_name`). A full
 * topic id sent as a name would become `source_<id>.source_<id>.…`, a topic the source does not have: refused
 * here with a 422 that says so, rather than stored as a pipeline over nothing.
 */
function resolveTopics(ctx: ApiContext, sourceId: string, names: string[]): string[] {
  const source = ctx.store.state.connectors[sourceId];
  const known = new Set(sourceTopics(ctx.store, source).map((topic) => topic.id));
  const ids = names.map((name, index) => {
    const id = sourceTopicId(sourceId, name);
    if (!known.has(id)) {
      const hint = name.startsWith("source_")
        ? " (topics are given by name, e.g. 'public.orders', not by topic id)"
        : "";
      throw new HttpError(422, [
        {
          loc: ["body", "source", "topics", index],
          msg: `Topic '${name}' does not belong to source ${sourceId}${hint}`,
          type: "value_error",
        },
      ]);
    }
    return id;
  });
  return [...new Set(ids)];
}

function resolveEnds(ctx: ApiContext, body: Body) {
  const source = ownedBy(ctx, ctx.store.state.connectors, body.source.id);
  if (!source || source.kind !== "source" || source.deleteAt !== undefined) {
    throw new HttpError(422, [
      { loc: ["body", "source", "id"], msg: `Source ${body.source.id} not found`, type: "value_error" },
    ]);
  }
  const dest = ownedBy(ctx, ctx.store.state.connectors, body.destination.id);
  if (!dest || dest.kind !== "destination" || dest.deleteAt !== undefined) {
    throw new HttpError(422, [
      { loc: ["body", "destination", "id"], msg: `Destination ${body.destination.id} not found`, type: "value_error" },
    ]);
  }
  return { source, dest };
}

/** Transform items must name transforms of this service; the name and start time default to the transform's. */
function resolveTransforms(ctx: ApiContext, items: z.output<typeof transformItem>[]): PipelineTransform[] {
  return items.map((item, index) => {
    const transform = ownedBy(ctx, ctx.store.state.transforms, item.id);
    if (!transform || transform.deleteAt !== undefined) {
      throw new HttpError(422, [
        { loc: ["body", "transforms", index, "id"], msg: `Transform ${item.id} not found`, type: "value_error" },
      ]);
    }
    return {
      id: item.id,
      name: item.name ?? transform.name,
      start_time: item.start_time ?? null,
      topic_id: item.topic_id,
    };
  });
}

function resolveRules(rules: z.output<typeof autoDiscoveryRule>[]): PipelineAutoDiscovery[] {
  return rules.map((rule) => ({ transform_id: rule.transform_id, regex: rule.regex }));
}

function resolveTags(ctx: ApiContext, tags: string[]): string[] {
  assertTagsExist(ctx, tags, ["body", "tags"]);
  return [...tags];
}

/**
 * Pipeline names are unique per service, a pipeline still being deleted included; the reference client's tests pin
 * the answer: 409 "A pipeline with name '…' already exists" (TF internal/provider/error_handling_test.go:1002-1011).
 */
function assertUniqueName(ctx: ApiContext, name: string, exceptId?: string): void {
  const clash = ownedIn(ctx, ctx.store.state.pipelines).find(
    (pipeline) => pipeline.name === name && pipeline.id !== exceptId,
  );
  if (clash) throw new HttpError(409, `A pipeline with name '${name}' already exists (${clash.id})`);
}

export function renderPipeline(ctx: ApiContext, pipeline: StoredPipeline) {
  const service = ctx.store.service(pipeline.serviceId);
  const opts = { revealSecrets: false, webhookBaseUrl: ctx.server.webhookBaseUrl() };
  const source = ctx.store.state.connectors[pipeline.sourceId];
  const dest = ctx.store.state.connectors[pipeline.destinationId];
  const topicNames = pipeline.topicIds.map(prettyTopicName);
  return {
    id: pipeline.id,
    name: pipeline.name,
    sub_id: service?.subId ?? null,
    tenant_id: service?.tenantId ?? null,
    snapshot_new_tables: pipeline.snapshotNewTables,
    topic_ids: pipeline.topicIds,
    topics: topicNames,
    // The full Source object (DOCS create-new-pipeline), whose `topics` are this pipeline's, by pretty name: the
    // reference client reads them back as the set it sent (TF pipeline.go:700-727).
    source: source ? { ...renderConnector(ctx.store, source, opts), topics: topicNames } : { id: pipeline.sourceId },
    destination: dest ? renderConnector(ctx.store, dest, opts) : { id: pipeline.destinationId },
    transforms: pipeline.transforms.map(renderTransformItem),
    topic_auto_discovery_transforms: pipeline.topicAutoDiscoveryTransforms.map((rule) => ({ ...rule })),
    tags: pipeline.tags,
    periodic_audit: { topics: [], timestamp_column: "", interval_minutes: 0 },
  };
}

function own(ctx: ApiContext): StoredPipeline {
  return mustOwn(ctx, ctx.store.state.pipelines, ctx.params.id, "Pipeline");
}

export const pipelineRoutes: RouteDef[] = [
  route("GET", "/pipelines", (ctx) => {
    const query = parseListQuery(ctx.query);
    const items = ownedIn(ctx, ctx.store.state.pipelines).map((pipeline) => ({
      id: pipeline.id,
      name: pipeline.name,
      createdAt: pipeline.createdAt,
      tags: pipeline.tags,
      record: pipeline,
    }));
    return paginate(filterAndSort(items, query), query.page, query.page_size, (it) => renderPipeline(ctx, it.record));
  }),
  route("POST", "/pipelines", (ctx) => {
    waits(ctx); // validates the query; a pipeline has no deploy of its own to wait for here
    const body = parseBody(createBody, ctx.body);
    const { source, dest } = resolveEnds(ctx, body);
    const pipeline: StoredPipeline = {
      id: objectId(),
      serviceId: ctx.caller.serviceId,
      name: body.name,
      createdAt: Date.now(),
      createdFrom: body.created_from,
      sourceId: source.id,
      destinationId: dest.id,
      topicIds: resolveTopics(ctx, source.id, body.source.topics ?? []),
      // Tags left out get the Development system tag (TF pipeline.go:118-121 defaults to it; NOTES Tags).
      tags: body.tags == null ? developmentTag(ctx) : resolveTags(ctx, body.tags),
      snapshotNewTables: body.snapshot_new_tables,
      transforms: resolveTransforms(ctx, body.transforms ?? []),
      topicAutoDiscoveryTransforms: resolveRules(body.topic_auto_discovery_transforms ?? []),
    };
    assertUniqueName(ctx, body.name);
    ctx.store.state.pipelines[pipeline.id] = pipeline;
    ctx.store.changed();
    return renderPipeline(ctx, pipeline);
  }),
  route("GET", "/pipelines/:id", (ctx) => {
    const pipeline = ownedBy(ctx, ctx.store.state.pipelines, ctx.params.id);
    return single(pipeline && renderPipeline(ctx, pipeline));
  }),
  route("PUT", "/pipelines/:id", (ctx) => {
    const pipeline = own(ctx);
    if (pipeline.deleteAt !== undefined) throw new HttpError(409, `Pipeline ${pipeline.id} is being deleted`);
    waits(ctx);
    const body = parseBody(updateBody, ctx.body);
    const { source, dest } = resolveEnds(ctx, body);
    const topicIds = resolveTopics(ctx, source.id, body.source.topics ?? []);
    const tags = body.tags == null ? pipeline.tags : resolveTags(ctx, body.tags);
    const transforms = body.transforms == null ? pipeline.transforms : resolveTransforms(ctx, body.transforms);
    const rules =
      body.topic_auto_discovery_transforms == null
        ? pipeline.topicAutoDiscoveryTransforms
        : resolveRules(body.topic_auto_discovery_transforms);
    assertUniqueName(ctx, body.name, pipeline.id);
    Object.assign(pipeline, {
      name: body.name,
      sourceId: source.id,
      destinationId: dest.id,
      topicIds,
      tags,
      snapshotNewTables: body.snapshot_new_tables,
      transforms,
      topicAutoDiscoveryTransforms: rules,
    });
    ctx.store.changed();
    return renderPipeline(ctx, pipeline);
  }),
  /**
   * Deletes are asynchronous: the pipeline lingers, keeping its name and its source and destination, until the
   * teardown is done (TF internal/provider/check_destroy_test.go:14-27 polls pipelines after a delete). With
   * `wait=false` the answer comes at once (TF internal/api/pipeline.go:198-217); without it, once the teardown is
   * done. The delay is the server's `deleteDelayMs`.
   */
  route("DELETE", "/pipelines/:id", async (ctx) => {
    const pipeline = own(ctx);
    const wait = waits(ctx);
    const goneAt = (pipeline.deleteAt ??= Date.now() + ctx.store.timings.deleteDelayMs);
    ctx.store.changed();
    const answer = renderPipeline(ctx, pipeline);
    if (wait) await new Promise((resolve) => setTimeout(resolve, Math.max(0, goneAt - Date.now())));
    return answer;
  }),
];
