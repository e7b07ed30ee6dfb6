import { z } from "zod";

/** Names are unique per service; the service accepts up to 255 characters. */
export const nameSchema = z.string().min(1, "must not be empty").max(255, "must be at most 255 characters");

/** The SDK passes the resource's logical name here when `name` is left out, and `check` derives a name from it. */
export const namePrefixSchema = z.string().min(1).max(240);

/** A Kafka Connect cluster's id (the API's `kc_cluster_id`): the default cluster is no id, so never `""`. */
export const kcClusterIdSchema = z.string().min(1, "must name a cluster; leave it out for the service's default");
