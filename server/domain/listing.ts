/**
 * List query parameters and the paginated envelope shared by every list endpoint.
 */
import { z } from "zod";
import { parseQuery } from "../core/validate";

const intParam = (min: number, max: number | undefined, dflt: number) => {
  let n = z.coerce.number().int().min(min);
  if (max !== undefined) n = n.max(max);
  return n.default(dflt);
};

export const boolParam = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .optional()
  .transform((v) => v === "true" || v === "True" || v === "1");

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
export function filterAndSort<T extends Listable>(items: T[], q: ListQuery): T[] {
  const ids = q.id ? new Set(q.id.split(",").map((s) => s.trim())) : undefined;
  const needle = q.partial_name?.toLowerCase();
  const tagIds = q.tag_ids
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const connectors = q.connector?.split(",").map((s) => s.trim());
  const statuses = q.status?.split(",").map((s) => s.trim().toLowerCase());
  const out = items.filter((it) => {
    if (ids && !ids.has(it.id)) return false;
    if (needle && !it.name.toLowerCase().includes(needle)) return false;
    if (tagIds && tagIds.length > 0) {
      const has = (t: string) => (it.tags ?? []).includes(t);
      if (q.tag_filter_operation === "and" ? !tagIds.every(has) : !tagIds.some(has)) return false;
    }
    if (connectors && !connectors.includes(it.connector ?? "")) return false;
    if (statuses && !statuses.includes((it.status ?? "").toLowerCase())) return false;
    return true;
  });
  const key = q.sort ?? "created_timestamp";
  const pick = (it: T): string | number =>
    key === "created_timestamp" ? it.createdAt : key === "id" ? it.id : key === "name" ? it.name : (it[key] ?? "");
  const dir = q.sort_dir === "desc" ? -1 : 1;
  return out.sort((a, b) => {
    const x = pick(a);
    const y = pick(b);
    if (x < y) return -dir;
    if (x > y) return dir;
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

export function paginate<T, R>(items: T[], page: number, pageSize: number, render: (t: T) => R): Envelope<R> {
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
