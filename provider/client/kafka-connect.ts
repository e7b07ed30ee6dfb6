/**
 * Kafka Connect's transient failures, as the service passes them on. The service deploys sources and destinations
 * onto Kafka Connect and, when Kafka Connect fails a call, answers with its text ("Kafka Connect API call failed
 * with status code 404 and response …") under a status of its own, which no document gives. The reference client
 * therefore decides by the text alone and retries mutations on these (TF internal/api/retry.go:15-57); so does
 * the provider, whatever the HTTP status.
 */
const transientPatterns = [
  // The service's own timeouts after trying every Kafka Connect node (TF retry.go:22-27).
  "kafkaconnecttimeout",
  "request timed out",
  "timed out on all nodes",
  "sockettimeoutexception",
  // Kafka Connect rebalancing or electing leaders (TF retry.go:49-53).
  "rebalance_in_progress",
  "rebalance is expected",
  "leader_not_available",
  "not_leader_for_partition",
  // The connector is not deployed yet (Pending), or a concurrent update conflicts (TF retry.go:54-55).
  "kafka connect api call failed with status code 404",
  "kafka connect api call failed with status code 409",
] as const;

/** True when the service's error text names a Kafka Connect failure that passes if the call is sent again. */
export function isKafkaConnectTransient(detail: string | undefined): boolean {
  if (detail === undefined) return false;
  const text = detail.toLowerCase();
  return transientPatterns.some((pattern) => text.includes(pattern));
}

/**
 * Least wait before sending a call again after one. The service has already retried Kafka Connect itself before
 * giving up (TF retry.go:12-14 waits 10 s doubling to 60 s); the provider's jittered backoff grows from here up to
 * its usual ceiling, within `streamkap:retryBudgetMs`.
 */
export const kafkaConnectRetryDelayMs = 1_000;
