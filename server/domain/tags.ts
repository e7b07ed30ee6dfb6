/**
 * Tags are stored per service. The system tags have the same id in every service, the one the official Terraform
 * provider sends (TF internal/constants/tag.go DEV_TAG_ID; internal/datasource/tag.go:46 names both), so a tag's
 * id alone cannot be its key: the store keys every tag by its service and id, as it keys topics.
 */
import type { State, StoredTag } from "../state/types";

/** The system tags, by name, with their ids on the real service (TF internal/datasource/tag.go:46). */
export const systemTagIds = {
  Development: "670e5ca40afe1d3983ce0c22",
  Production: "670e5bab0d119c0d1f8cda9d",
} as const;
export type SystemTagName = keyof typeof systemTagIds;
export const systemTagNames = Object.keys(systemTagIds) as SystemTagName[];

export function tagKey(serviceId: string, id: string): string {
  return `${serviceId}/${id}`;
}

/** A service's tag by id, or undefined: another service's tag of the same id is never found. */
export function findTag(state: Pick<State, "tags">, serviceId: string, id: string): StoredTag | undefined {
  return state.tags[tagKey(serviceId, id)];
}

/**
 * Brings tags written by older versions of this server into today's shape, once, at load: each keyed by service
 * and id, and each system tag under its well-known id, with every reference of its service's objects following.
 */
export function keyTagsByService(state: State): void {
  const renamed = new Map<string, Map<string, string>>();
  for (const [key, tag] of Object.entries(state.tags)) {
    const wellKnown = tag.system ? (systemTagIds as Record<string, string>)[tag.name] : undefined;
    if (wellKnown !== undefined && tag.id !== wellKnown) {
      const byService = renamed.get(tag.serviceId) ?? new Map<string, string>();
      byService.set(tag.id, wellKnown);
      renamed.set(tag.serviceId, byService);
      tag.id = wellKnown;
    }
    const wanted = tagKey(tag.serviceId, tag.id);
    if (key !== wanted) {
      delete state.tags[key];
      state.tags[wanted] = tag;
    }
  }
  if (renamed.size === 0) return;
  const areas = [state.connectors, state.pipelines, state.topics, state.transforms] as Array<
    Record<string, { serviceId: string; tags?: string[] }>
  >;
  for (const area of areas) {
    for (const record of Object.values(area)) {
      const byService = renamed.get(record.serviceId);
      if (byService && record.tags) record.tags = record.tags.map((id) => byService.get(id) ?? id);
    }
  }
}
