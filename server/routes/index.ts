/**
 * The management API's one route table, area by area in the order of the API reference.
 */
import type { RouteDef } from "../http/context";
import { alertRoutes } from "./alerts";
import { authRoutes } from "./auth";
import { connectorRoutes } from "./connectors";
import { consumerGroupRoutes } from "./consumer-groups";
import { kafkaUserRoutes } from "./kafka-users";
import { lifecycleRoutes } from "./lifecycle";
import { messageRoutes } from "./messages";
import { pipelineRoutes } from "./pipelines";
import { projectKeyRoutes } from "./project-keys";
import { snapshotRoutes } from "./snapshots";
import { tagRoutes } from "./tags";
import { topicMetricsRoutes } from "./topic-metrics";
import { topicRoutes } from "./topics";
import { transformRoutes } from "./transforms";

/** Every management API route the server registers; exported so a test can hold them against the permission table. */
export function managementRoutes(): RouteDef[] {
  return [
    ...authRoutes,
    ...connectorRoutes("source"),
    ...lifecycleRoutes("source"),
    ...snapshotRoutes,
    ...connectorRoutes("destination"),
    ...lifecycleRoutes("destination"),
    ...pipelineRoutes,
    ...transformRoutes,
    ...topicRoutes,
    ...topicMetricsRoutes,
    ...messageRoutes,
    ...tagRoutes,
    ...projectKeyRoutes,
    ...kafkaUserRoutes,
    ...consumerGroupRoutes,
    ...alertRoutes,
  ];
}
