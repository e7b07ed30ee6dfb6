/**
 * One rule for topic names, whichever path creates the topic (POST /topics, a webhook URL path, a webhook
 * source's topic list): Kafka's own, so nothing the local server accepts is a name the real cluster refuses.
 */
const legalTopicName = /^[a-zA-Z0-9._-]{1,249}$/;

/** Why `name` cannot name a topic, or undefined when it can. */
export function topicNameProblem(name: string): string | undefined {
  if (name === "." || name === "..") return `Topic name cannot be '${name}'`;
  if (!legalTopicName.test(name)) {
    return `Invalid topic name '${name}': use 1 to 249 characters of a-z, A-Z, 0-9, '.', '_' and '-'`;
  }
  return undefined;
}
