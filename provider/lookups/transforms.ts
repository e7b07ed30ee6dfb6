/** Transforms as the lookups answer them. */
import type { StreamkapClient } from "../client/client";
import { readAllPages } from "../client/pages";
import { type TransformRecord, transformRecord } from "../client/responses";
import type { TransformFilter } from "./args";
import { one } from "./reads";

function transformInfo(live: TransformRecord) {
  const text = (value: unknown) => (value === null || value === undefined ? undefined : String(value));
  return {
    id: live.id,
    name: live.name ?? "",
    type: live.transform_type ?? "",
    config: live.config ?? {},
    version: live.version === null || live.version === undefined ? undefined : Number(live.version),
    previewVersion: text(live.preview_version),
    liveVersion: text(live.live_version),
    jobStatus: live.metrics?.status ?? undefined,
  };
}

export async function getTransform(client: StreamkapClient, id: string) {
  const path = `/transforms/${encodeURIComponent(id)}`;
  return transformInfo(await one(client, "getTransform", `transform ${id}`, path, transformRecord));
}

export async function getTransforms(client: StreamkapClient, filter: TransformFilter = {}) {
  const query = { partial_name: filter.partialName };
  return (await readAllPages(client, "/transforms", transformRecord, query)).map(transformInfo);
}
