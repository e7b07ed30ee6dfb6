/**
 * Where Terraform's state and the service disagree on a connector's setting: the report lists each, and the program
 * holds the service's value, as `terraform refresh` would.
 */
import type { ConnectorRecord } from "../../provider/public/cli/service";
import type { Adopted, Difference } from "./files";
import { sensitiveOf } from "./sensitive";

/** Settings whose value in Terraform's state is not the service's (connectors: their scalar settings). */
export function differences(
  adopted: readonly Adopted[],
  snapshot: { sources: ConnectorRecord[]; destinations: ConnectorRecord[] },
): Difference[] {
  const connectors = new Map([...snapshot.sources, ...snapshot.destinations].map((record) => [record.id, record]));
  const found: Difference[] = [];
  for (const { object } of adopted) {
    const live = connectors.get(object.id)?.config;
    if (!live) continue;
    const marked = sensitiveOf(object.instance).attributes;
    for (const [name, attribute] of Object.entries(object.type.attributes)) {
      const terraform = object.instance.attributes[name];
      if (!attribute.apiKey || attribute.sensitive || marked.has(name)) continue;
      if (terraform === null || terraform === undefined) continue;
      if (typeof terraform === "object") continue; // lists and nested blocks: shapes differ, compared by the first up
      const service = Object.hasOwn(live, attribute.apiKey) ? live[attribute.apiKey] : undefined;
      if (service === undefined || service === null) continue;
      if (!sameSetting(terraform, service)) {
        found.push({
          address: object.instance.address,
          attribute: name,
          terraform: String(terraform),
          service: String(service),
        });
      }
    }
  }
  return found;
}

/**
 * Whether Terraform's value is the service's. A boolean of an older release (MySQL's v2 `snapshot_gtid`) is the
 * `Yes` or `No` the service holds for the same setting, which later releases write as text.
 */
export function sameSetting(terraform: unknown, service: unknown): boolean {
  if (typeof terraform === "boolean" && typeof service === "string" && /^(yes|no)$/i.test(service)) {
    return terraform === (service.toLowerCase() === "yes");
  }
  return String(terraform) === String(service);
}
