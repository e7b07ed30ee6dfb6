/**
 * List query parameters and the paginated envelope shared by every list endpoint.
 */
import { z } from "zod";
import { parseQuery } from "../core/validate";

const intParam = (min: number, max: number | undefined, dflt: number) => {
  let schema = z.coerce.number().int().min(min);
  if (max !== undefined) schema = schema.max(max);
  return schema.default(dflt);
};

export const boolParam = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "True" || value === "1");

export const listQuery = z.object({
  page: intParam(1, undefined, 1),
  page_size: intParam(1, 100, 10),
  id: z.string().optional(),
  partial_name: z.string().optional(),
  sort: z.enum(["name", "id", "created_timestamp", "connector", "status"]).optional(),
  sort_dir: z.enum(["asc", "desc"]).default("asc"),
  tag_ids: z.string().optional(),
  tag_filter_operation: z.enum(["or", "and"]).default("or"),
  connector: z.string().optional(),
  status: z.string().optional(),
  secret_returned: boolParam,
});
export type ListQuery = z.output<typeof listQuery>;

export function parseListQuery(query: unknown): ListQuery {
  return parseQuery(listQuery.loose(), query) as ListQuery;
}

export interface Listable {
  id: string;
  name: string;
  createdAt: number;
  tags?: string[];
  connector?: string;
  status?: string;
}

/** Applies the common filters (id, partial_name, tags, connector, status) and sorting. */
export function filterAndSort<T extends Listable>(items: T[], query: ListQuery): T[] {
  const ids = query.id ? new Set(query.id.split(",").map((part) => part.trim())) : undefined;
  const needle = query.partial_name?.toLowerCase();
  const tagIds = query.tag_ids
    ?.split(",")
    .map((text) => text.trim())
    .filter(Boolean);
  const connectors = query.connector?.split(",").map((part) => part.trim());
  const statuses = query.status?.split(",").map((part) => part.trim().toLowerCase());
  const out = items.filter((it) => {
    if (ids && !ids.has(it.id)) return false;
    if (needle && !it.name.toLowerCase().includes(needle)) return false;
    if (tagIds && tagIds.length > 0) {
      const has = (tag: string) => (it.tags ?? []).includes(tag);
      if (query.tag_filter_operation === "and" ? !tagIds.every(has) : !tagIds.some(has)) return false;
    }
    if (connectors && !connectors.includes(it.connector ?? "")) return false;
    if (statuses && !statuses.includes((it.status ?? "").toLowerCase())) return false;
    return true;
  });
  const key = query.sort ?? "created_timestamp";
  const pick = (it: T): string | number =>
    key === "created_timestamp" ? it.createdAt : key === "id" ? it.id : key === "name" ? it.name : (it[key] ?? "");
  const dir = query.sort_dir === "desc" ? -1 : 1;
  return out.sort((a, b) => {
    const left = pick(a);
    const right = pick(b);
    if (left < right) return -dir;
    if (left > right) return dir;
    return a.id < b.id ? -dir : a.id > b.id ? dir : 0;
  });
}

export interface Envelope<R> {
  result: R[];
  page: number;
  page_size: number;
  total: number;
  has_next: boolean;
}

export function paginate<T, R>(items: T[], page: number, pageSize: number, render: (item: T) => R): Envelope<R> {
  const start = (page - 1) * pageSize;
  return {
    result: items.slice(start, start + pageSize).map(render),
    page,
    page_size: pageSize,
    total: items.length,
    has_next: start + pageSize < items.length,
  };
}

/** GET by id answers the list envelope with one item, or none once the object is gone. */
export function single<R>(item: R | undefined): Envelope<R> {
  return {
    result: item === undefined ? [] : [item],
    page: 1,
    page_size: 10,
    total: item === undefined ? 0 : 1,
    has_next: false,
  };
}
