// Areas registered after the core slice (lifecycle, snapshots, transforms, project keys, webhooks).
import type { RouteDef } from "./http/context";
import { lifecycleRoutes } from "./routes/lifecycle";
import { snapshotRoutes } from "./routes/snapshots";
import { messageRoutes } from "./routes/messages";
import { transformRoutes } from "./routes/transforms";
import { projectKeyRoutes } from "./routes/project-keys";

export const extraRoutes: RouteDef[] = [
  ...lifecycleRoutes("source"),
  ...lifecycleRoutes("destination"),
  ...snapshotRoutes,
  ...messageRoutes,
  ...transformRoutes,
  ...projectKeyRoutes,
];

export { createWebhookHandler } from "./webhook/handler";
