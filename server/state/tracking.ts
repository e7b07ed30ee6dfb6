/**
 * Which records changed since the last commit, without looking at the others (N3): each area's map is a proxy
 * that notes the id of a record set or deleted, and hands out its records as proxies that note their own id when
 * anything inside them is set or deleted. A commit then serialises only those records, so the cost of a write is
 * that of what it changed, not of everything stored.
 */
export type RecordChanges<Area extends string> = Map<Area, Set<string>>;

/** The raw object behind a proxy this module made (a proxy assigned into a record is stored as its raw object). */
const rawOf = new WeakMap<object, object>();

function raw<T>(value: T): T {
  return (typeof value === "object" && value !== null ? (rawOf.get(value) ?? value) : value) as T;
}

export class ChangeTracker<Area extends string> {
  private changes: RecordChanges<Area> = new Map();
  /** Proxies already made, per raw object, with the record they belong to. */
  private readonly proxies = new WeakMap<object, { proxy: object; area: Area; id: string }>();

  /** How many changes each area has seen: a reader that derived something from an area knows when to derive again. */
  private readonly versions = new Map<Area, number>();

  version(area: Area): number {
    return this.versions.get(area) ?? 0;
  }

  mark(area: Area, id: string): void {
    this.versions.set(area, this.version(area) + 1);
    let ids = this.changes.get(area);
    if (!ids) this.changes.set(area, (ids = new Set()));
    ids.add(id);
  }

  /** The changes noted since the last call, which starts a new set. */
  take(): RecordChanges<Area> {
    const taken = this.changes;
    this.changes = new Map();
    return taken;
  }

  get pending(): boolean {
    return this.changes.size > 0;
  }

  /** A map of records by id that notes every change to it or to a record in it. */
  area<T>(area: Area, records: Record<string, T>): Record<string, T> {
    return new Proxy(records, {
      get: (target, key, receiver) => {
        const value = Reflect.get(target, key, receiver) as unknown;
        return typeof key === "string" && typeof value === "object" && value !== null
          ? this.inside(value, area, key)
          : value;
      },
      set: (target, key, value) => {
        if (typeof key === "string") this.mark(area, key);
        return Reflect.set(target, key, raw(value));
      },
      deleteProperty: (target, key) => {
        if (typeof key === "string") this.mark(area, key);
        return Reflect.deleteProperty(target, key);
      },
      defineProperty: (target, key, descriptor) => {
        if (typeof key === "string") this.mark(area, key);
        return Reflect.defineProperty(target, key, { ...descriptor, value: raw(descriptor.value) });
      },
    });
  }

  /** `value`, part of record `id` of `area`, as a proxy that notes a change anywhere inside it. */
  private inside(value: object, area: Area, id: string): object {
    const known = this.proxies.get(value);
    if (known && known.area === area && known.id === id) return known.proxy;
    const proxy = new Proxy(value, {
      get: (target, key, receiver) => {
        const child = Reflect.get(target, key, receiver) as unknown;
        return typeof child === "object" && child !== null ? this.inside(child, area, id) : child;
      },
      set: (target, key, child) => {
        this.mark(area, id);
        return Reflect.set(target, key, raw(child));
      },
      deleteProperty: (target, key) => {
        this.mark(area, id);
        return Reflect.deleteProperty(target, key);
      },
      defineProperty: (target, key, descriptor) => {
        this.mark(area, id);
        return Reflect.defineProperty(target, key, { ...descriptor, value: raw(descriptor.value) });
      },
    });
    rawOf.set(proxy, value);
    this.proxies.set(value, { proxy, area, id });
    return proxy;
  }
}
