/** Sources, destinations and pipelines as the lookups answer them. */
import type { StreamkapClient } from "../client/client";
import { readAllPages } from "../client/pages";
import { type ConnectorRecord, connectorRecord, pipelineRecord } from "../client/responses";
import { tagIdsOf } from "../kinds/live-values";
import type { ConnectorFilter } from "./args";
import { one } from "./reads";

function connectorInfo(live: ConnectorRecord) {
  return {
    id: live.id,
    name: live.name ?? "",
    connector: live.connector ?? "",
    connectorStatus: live.connector_status ?? undefined,
    config: live.config ?? {},
    topics: live.topics ?? [],
    topicIds: live.topic_ids ?? [],
    tagIds: tagIdsOf(live.tags) ?? [],
    createdFrom: live.created_from ?? undefined,
  };
}

function connectorQuery(filter: ConnectorFilter): Record<string, string | undefined> {
  const tagged = filter.tagIds !== undefined && filter.tagIds.length > 0;
  return {
    partial_name: filter.partialName,
    connector: filter.connector,
    tag_ids: tagged ? filter.tagIds?.join(",") : undefined,
    tag_filter_operation: tagged ? (filter.tagMatch === "all" ? "and" : "or") : undefined,
  };
}

export async function getSource(client: StreamkapClient, id: string) {
  const path = `/sources/${encodeURIComponent(id)}`;
  return connectorInfo(await one(client, "getSource", `source ${id}`, path, connectorRecord));
}

export async function getSources(client: StreamkapClient, filter: ConnectorFilter = {}) {
  return (await readAllPages(client, "/sources", connectorRecord, connectorQuery(filter))).map(connectorInfo);
}

export async function getDestination(client: StreamkapClient, id: string) {
  const path = `/destinations/${encodeURIComponent(id)}`;
  return connectorInfo(await one(client, "getDestination", `destination ${id}`, path, connectorRecord));
}

export async function getDestinations(client: StreamkapClient, filter: ConnectorFilter = {}) {
  return (await readAllPages(client, "/destinations", connectorRecord, connectorQuery(filter))).map(connectorInfo);
}

export async function getPipeline(client: StreamkapClient, id: string) {
  const path = `/pipelines/${encodeURIComponent(id)}`;
  const live = await one(client, "getPipeline", `pipeline ${id}`, path, pipelineRecord);
  return {
    id: live.id,
    name: live.name ?? "",
    sourceId: live.source?.id ?? undefined,
    destinationId: live.destination?.id ?? undefined,
    topicIds: live.topic_ids ?? [],
    tagIds: tagIdsOf(live.tags) ?? [],
  };
}
