/**
 * Which requests reach Kafka Connect on the real service: changes to one source or destination (its PUT, its
 * DELETE, and its lifecycle actions). Reads and creates are left alone by the `kc=` mode (see spec.ts).
 */
const actionPattern = "pause|resume|stop|restart|reset|restart_task|deploy";
const changeKinds = new RegExp(`^/(sources|destinations)/([^/]+)(?:/(${actionPattern}))?/?$`);

/** The id of the connector a request changes, or undefined for any other request (bulk paths included). */
export function changedConnectorId(method: string, path: string): string | undefined {
  const match = changeKinds.exec(path);
  if (!match || match[2] === "bulk") return undefined;
  const action = match[3];
  const verb = method.toUpperCase();
  if (action === undefined) return verb === "PUT" || verb === "DELETE" ? decodeURIComponent(match[2]) : undefined;
  return verb === "PUT" || verb === "POST" ? decodeURIComponent(match[2]) : undefined;
}
