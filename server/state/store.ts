/**
 * Owns the state: records kept whole in memory for the handlers, every change committed to the embedded store
 * (database.ts) before the answer that reports it, and the time-driven housekeeping shared by every area.
 */
import type { DatabaseSync, StatementSync } from "node:sqlite";
import { objectId, secretString, uuid } from "../core/ids";
import { normalisePipeline } from "../domain/pipelines";
import { keyTagsByService, systemTagIds, systemTagNames, tagKey } from "../domain/tags";
import { areaNames, areaTables, openDatabase, type Area } from "./database";
import { readLegacyState, retireLegacyState, type LegacyState } from "./legacy-import";
import { ChangeTracker, type RecordChanges } from "./tracking";
import type { StoredCredential, StoredMessage, StoredService, State, StoredTag, TopicData } from "./types";

export interface Timings {
  statusDelayMs: number;
  deleteDelayMs: number;
  topicDiscoveryDelayMs: number;
  tokenTtlSeconds: number;
  snapshotDurationMs: number;
  /** How long a write with wait=false leaves a connector `Pending Update`. */
  pendingUpdateMs: number;
  /** How long a connector just created reads as missing by id (0: not at all). */
  readLagMs: number;
}

/** Who is calling: resolved from the bearer token by the auth hook. */
export interface Caller {
  serviceId: string;
  tenantId: string;
  clientId: string;
  projectKeyId: string | null;
}

function emptyState(): State {
  return {
    format: 1,
    signingKey: secretString(48),
    defaultServiceId: "",
    services: idMap(),
    credentials: idMap(),
    connectors: idMap(),
    pipelines: idMap(),
    topics: idMap(),
    topicData: idMap(),
    tags: idMap(),
    transforms: idMap(),
    projectKeys: idMap(),
    kafkaUsers: idMap(),
    alertSubscribers: idMap(),
  };
}

/**
 * Records by id, with no prototype: an id taken from a request path (`__proto__`, `constructor`, …) finds nothing
 * rather than Object.prototype, and writing to it can never reach every object of the process (F2).
 */
export function idMap<T>(entries?: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

/** A failed commit: the change was not stored, so the request must not be answered with a 2xx. */
export class StoreWriteError extends Error {}

/** How many records and bytes a topic keeps; older records are dropped first (counters keep counting). */
export interface Retention {
  maxRecords: number;
  maxBytes: number;
}

interface Statements {
  upsert: Record<Area, StatementSync>;
  remove: Record<Area, StatementSync>;
  setMeta: StatementSync;
  insertMessage: StatementSync;
  dropMessages: StatementSync;
  oldestMessages: StatementSync;
  dropMessagesBefore: StatementSync;
  page: StatementSync;
  count: StatementSync;
  firstAtOrAfter: StatementSync;
}

/** Bounds on what the store keeps. */
export interface StoreLimits {
  /** Retained bytes per topic, below any smaller `retention.bytes` of the topic (default 256 MiB). */
  retainedBytesPerTopic: number;
  /** fsync every commit (survives a power loss, not only a crash of the server), at a cost in latency. */
  fsyncEachCommit: boolean;
  /** The most bytes the store file may hold; a commit past it fails as on a full disk. */
  maxStoreBytes?: number;
}

export const defaultStoreLimits: StoreLimits = { retainedBytesPerTopic: 256 * 1024 * 1024, fsyncEachCommit: false };

/** The areas whose records have a `deleteAt` the sweep looks for. */
const sweptAreas: readonly Area[] = ["connectors", "pipelines", "transforms", "projectKeys"];

export class Store {
  readonly state: State;
  private readonly db: DatabaseSync;
  private readonly statements: Statements;
  /**
   * The JSON of every record as last committed, by area: what a commit compares a changed record with, and what
   * a refused commit puts back in memory.
   */
  private readonly committed = new Map<Area, Map<string, string>>();
  private committedMeta = "";
  /** Which records changed since the last commit (see tracking.ts). */
  private readonly tracker = new ChangeTracker<Area>();
  /** Every record is compared at the next commit, not only the changed ones (a new or imported store). */
  private wholeState = true;
  private dirty = false;
  private closed = false;
  /** What the last sweep saw: the versions of the areas it scans, and when the next pending delete falls due. */
  private lastSweep = { versions: "", nextDue: 0 };
  /** Each area's records behind its change-noting proxy (see {@link peek}). */
  private readonly rawAreas = new Map<Area, Record<string, unknown>>();

  constructor(
    readonly timings: Timings,
    dataDir?: string,
    readonly limits: StoreLimits = defaultStoreLimits,
  ) {
    this.db = openDatabase(dataDir, limits.fsyncEachCommit);
    if (limits.maxStoreBytes !== undefined) {
      const pageSize = Number((this.db.prepare("PRAGMA page_size").get() as { page_size: number }).page_size);
      this.db.exec(`PRAGMA max_page_count = ${Math.max(1, Math.floor(limits.maxStoreBytes / pageSize))}`);
    }
    this.statements = prepare(this.db);
    for (const area of areaNames) this.committed.set(area, new Map());
    const legacy = dataDir ? readLegacyState(dataDir) : undefined;
    const loaded = this.load();
    this.state = loaded ?? emptyState();
    if (!loaded && legacy) this.importLegacy(legacy);
    pluralTagTypes(this.state);
    keyTagsByService(this.state);
    for (const pipeline of Object.values(this.state.pipelines)) normalisePipeline(pipeline);
    const state = this.state as unknown as Record<Area, Record<string, unknown>>;
    for (const area of areaNames) {
      this.rawAreas.set(area, state[area]);
      state[area] = this.tracker.area(area, state[area]);
    }
    if (!this.state.defaultServiceId) {
      this.state.defaultServiceId = this.createService("default").serviceId;
    }
    this.dirty = true;
    this.commit();
    if (legacy && dataDir) retireLegacyState(dataDir);
  }

  /** Every mutation calls this; the next commit() (at the latest, before the request's answer) stores it. */
  changed(): void {
    this.dirty = true;
  }

  /**
   * Stores every change since the last commit in one transaction. Called before each answer is sent, so a 2xx
   * means the change is on disk. Throws StoreWriteError when the store cannot be written.
   */
  commit(): void {
    if ((!this.dirty && !this.tracker.pending) || this.closed) return;
    this.commitChanges();
  }

  /**
   * Writes the records changed since the last commit, with `alsoWrite`'s statements, in one transaction. When the
   * store refuses it, nothing is applied: memory goes back to what was last committed, and reads keep working (N2).
   */
  private commitChanges(alsoWrite?: () => void): void {
    const touched = this.tracker.take();
    const changes = this.pendingChanges(touched);
    try {
      this.transaction(() => {
        this.write(changes);
        alsoWrite?.();
      });
    } catch (error) {
      this.rollBack(touched);
      throw error;
    }
    this.remember(changes);
    this.dirty = false;
    this.wholeState = false;
  }

  /** Puts each record a refused commit would have written back as it was last committed. */
  private rollBack(touched: RecordChanges<Area>): void {
    for (const [area, ids] of this.wholeState ? this.allIds() : touched) {
      const records = this.state[area] as Record<string, unknown>;
      const committed = this.committed.get(area);
      for (const id of ids) {
        const doc = committed?.get(id);
        if (doc === undefined) delete records[id];
        else records[id] = JSON.parse(doc) as unknown;
      }
    }
    this.tracker.take(); // putting them back is no change
    const [signingKey, defaultServiceId] = JSON.parse(this.committedMeta || "[]") as [string?, string?];
    if (signingKey !== undefined) this.state.signingKey = signingKey;
    if (defaultServiceId !== undefined) this.state.defaultServiceId = defaultServiceId;
    this.dirty = false;
  }

  /** Every record id, in memory or committed, by area. */
  private allIds(): RecordChanges<Area> {
    return new Map(
      areaNames.map((area) => [
        area,
        new Set([...Object.keys(this.state[area]), ...(this.committed.get(area)?.keys() ?? [])]),
      ]),
    );
  }

  /** Kept for callers of the JSON store: there is nothing left to flush once commit() has returned. */
  flush(): void {
    this.commit();
  }

  close(): void {
    if (this.closed) return;
    this.commit();
    this.closed = true;
    this.db.close();
  }

  /**
   * Appends one webhook record to a topic, with any pending record changes (a topic this request discovered), in
   * one transaction; drops the topic's oldest records past `retention`. Returns the record's offset.
   */
  appendMessage(
    topicKey: string,
    record: { key: unknown; value: unknown; bytes: number },
    retention: Retention,
  ): number {
    const current = this.state.topicData[topicKey] ?? emptyTopicData();
    const offset = current.nextOffset;
    const timestamp = Date.now();
    const keyText = record.key === null || record.key === undefined ? null : JSON.stringify(record.key);
    const valueText = JSON.stringify(record.value);
    const next: TopicData = {
      nextOffset: offset + 1,
      eventsWritten: current.eventsWritten + 1,
      bytesWritten: current.bytesWritten + record.bytes,
      retainedRecords: current.retainedRecords + 1,
      retainedBytes: current.retainedBytes + record.bytes,
    };
    this.commitChanges(() => {
      this.statements.insertMessage.run(topicKey, offset, 0, keyText, valueText, timestamp, record.bytes);
      this.trim(topicKey, next, retention);
      this.statements.upsert.topicData.run(topicKey, JSON.stringify(next));
    });
    this.state.topicData[topicKey] = next;
    this.tracker.take(); // just stored
    this.committed.get("topicData")?.set(topicKey, JSON.stringify(next));
    return offset;
  }

  /**
   * A page of a topic's retained records from `fromOffset`, read lazily from the store: at most `limit` records
   * after skipping `skip`, and no more than `byteBudget` bytes of values (always at least one record).
   */
  messagesPage(
    topicKey: string,
    fromOffset: number,
    skip: number,
    limit: number,
    byteBudget: number,
  ): { records: StoredMessage[]; cutByBudget: boolean } {
    const records: StoredMessage[] = [];
    let bytes = 0;
    for (const row of this.statements.page.iterate(topicKey, fromOffset, limit, skip) as Iterable<MessageRow>) {
      if (records.length > 0 && bytes + row.value.length > byteBudget) return { records, cutByBudget: true };
      bytes += row.value.length;
      records.push({
        offset: row.offset,
        partition: row.partition,
        key: row.key === null ? null : (JSON.parse(row.key) as unknown),
        value: JSON.parse(row.value) as unknown,
        timestamp: row.timestamp,
        bytes: row.bytes,
      });
    }
    return { records, cutByBudget: false };
  }

  /** How many retained records of a topic have an offset of at least `fromOffset`. */
  /** The offset of a topic's first retained record written at or after `timestamp` (epoch ms), if any. */
  firstOffsetAtOrAfter(topicKey: string, timestamp: number): number | undefined {
    const row = this.statements.firstAtOrAfter.get(topicKey, timestamp) as { o: number | null } | undefined;
    return row?.o ?? undefined;
  }

  countMessages(topicKey: string, fromOffset: number): number {
    return Number((this.statements.count.get(topicKey, fromOffset) as { n: number }).n);
  }

  /**
   * An area's records as they are, for scans that only read: a read through `state` wraps every record it hands
   * out in a change-noting proxy, which a scan of thousands of records on each request pays for thousands of
   * times. Nothing may change what this returns: changes go through `state`, where they are noted.
   */
  peek<A extends Area>(area: A): Readonly<State[A]> {
    return this.rawAreas.get(area) as State[A];
  }

  /** A number that changes whenever a record of the area is set, changed or deleted (through `state`). */
  version(area: Area): number {
    return this.tracker.version(area);
  }

  service(id: string): StoredService | undefined {
    return this.state.services[id];
  }

  createService(name = "service"): { clientId: string; secret: string; serviceId: string } {
    const tenantId = Object.values(this.state.services)[0]?.tenantId ?? uuid();
    const service: StoredService = { id: uuid(), name, tenantId, subId: objectId(), createdAt: Date.now() };
    this.state.services[service.id] = service;
    // The system tags have the real service's ids in every service (domain/tags.ts).
    for (const tagName of systemTagNames) {
      const tag: StoredTag = {
        id: systemTagIds[tagName],
        serviceId: service.id,
        name: tagName,
        description: `${tagName} environment`,
        // System tags are the environment tags (TF internal/resource/tag/tag.go:77-93).
        type: ["environment"],
        system: true,
        custom: false,
        createdAt: Date.now(),
        createdFrom: "api",
      };
      this.state.tags[tagKey(service.id, tag.id)] = tag;
    }
    const cred = this.addCredential(service.id, "Default API credentials", ["admin"]);
    this.changed();
    return { clientId: cred.clientId, secret: cred.secret, serviceId: service.id };
  }

  addCredential(serviceId: string, description: string | null, roles: string[], projectKeyId?: string) {
    const cred: StoredCredential = {
      clientId: `client_${objectId()}`,
      secret: secretString(32),
      serviceId,
      description,
      createdAt: Date.now(),
      roles,
      projectKeyId,
    };
    this.state.credentials[cred.clientId] = cred;
    this.changed();
    return cred;
  }

  /** The first credential of the default service: what `pulumi-streamkap local` prints. */
  defaultCredential(): StoredCredential {
    const cred = Object.values(this.state.credentials).find(
      (credential) => credential.serviceId === this.state.defaultServiceId && !credential.projectKeyId,
    );
    if (!cred) throw new Error("default service has no credential");
    return cred;
  }

  /** Removes objects whose asynchronous delete has completed. Cheap; called before every request. */
  sweep(now = Date.now()): void {
    // Every request sweeps: when nothing changed since the last sweep and nothing was due before its next delete,
    // nothing can be due now.
    const versions = sweptAreas.map((area) => this.version(area)).join(",");
    if (versions === this.lastSweep.versions && now < this.lastSweep.nextDue) return;
    let removed = false;
    let nextDue = Number.POSITIVE_INFINITY;
    // The scans read the records as they are; only what goes is deleted through the state.
    const due = (record: { deleteAt?: number }) => {
      if (record.deleteAt === undefined) return false;
      if (record.deleteAt <= now) return true;
      nextDue = Math.min(nextDue, record.deleteAt);
      return false;
    };
    for (const [id, connector] of Object.entries(this.peek("connectors"))) {
      if (due(connector)) {
        delete this.state.connectors[id];
        for (const [key, topic] of Object.entries(this.peek("topics"))) {
          if (topic.entityType === "source" && topic.entityId === id) {
            delete this.state.topics[key];
            delete this.state.topicData[key];
          }
        }
        removed = true;
      }
    }
    for (const [id, pipeline] of Object.entries(this.peek("pipelines"))) {
      if (due(pipeline)) {
        delete this.state.pipelines[id];
        removed = true;
      }
    }
    for (const [id, transform] of Object.entries(this.peek("transforms"))) {
      if (due(transform)) {
        delete this.state.transforms[id];
        removed = true;
      }
    }
    for (const [id, projectKey] of Object.entries(this.peek("projectKeys"))) {
      if (due(projectKey)) {
        delete this.state.projectKeys[id];
        if (projectKey.clientId !== null) delete this.state.credentials[projectKey.clientId];
        removed = true;
      }
    }
    if (removed) this.changed();
    this.lastSweep = { versions: sweptAreas.map((area) => this.version(area)).join(","), nextDue };
  }

  private transaction(body: () => void): void {
    try {
      this.db.exec("BEGIN IMMEDIATE");
    } catch (error) {
      throw new StoreWriteError(`the store cannot be written: ${(error as Error).message}`);
    }
    try {
      body();
      this.db.exec("COMMIT");
    } catch (failure) {
      try {
        this.db.exec("ROLLBACK");
      } catch {
        // The transaction is already gone (the failed COMMIT ended it).
      }
      throw new StoreWriteError(`the store cannot be written: ${(failure as Error).message}`);
    }
  }

  /**
   * What differs from what was last committed among the records `touched` (every record while `wholeState`):
   * the records nobody changed are never serialised.
   */
  private pendingChanges(touched: RecordChanges<Area>): Change[] {
    const changes: Change[] = [];
    for (const [area, ids] of this.wholeState ? this.allIds() : touched) {
      const records = this.state[area] as Record<string, unknown>;
      const committed = this.committed.get(area) ?? new Map<string, string>();
      for (const id of ids) {
        if (!Object.hasOwn(records, id)) {
          if (committed.has(id)) changes.push({ area, id, doc: undefined });
          continue;
        }
        const doc = JSON.stringify(records[id]);
        if (committed.get(id) !== doc) changes.push({ area, id, doc });
      }
    }
    const meta = JSON.stringify([this.state.signingKey, this.state.defaultServiceId]);
    if (meta !== this.committedMeta) changes.push({ area: "meta", id: "", doc: meta });
    return changes;
  }

  private write(changes: Change[]): void {
    for (const change of changes) {
      if (change.area === "meta") {
        this.statements.setMeta.run("signing_key", this.state.signingKey);
        this.statements.setMeta.run("default_service_id", this.state.defaultServiceId);
      } else if (change.doc === undefined) {
        this.statements.remove[change.area].run(change.id);
        // A topic's records go with its counters.
        if (change.area === "topicData") this.statements.dropMessages.run(change.id);
      } else {
        this.statements.upsert[change.area].run(change.id, change.doc);
      }
    }
  }

  private remember(changes: Change[]): void {
    for (const change of changes) {
      if (change.area === "meta") this.committedMeta = change.doc ?? "";
      else if (change.doc === undefined) this.committed.get(change.area)?.delete(change.id);
      else this.committed.get(change.area)?.set(change.id, change.doc);
    }
  }

  /** Drops a topic's oldest records until `next` is within `retention` (updating its retained counts). */
  private trim(topicKey: string, next: TopicData, retention: Retention): void {
    if (next.retainedRecords <= retention.maxRecords && next.retainedBytes <= retention.maxBytes) return;
    let cutoff: number | undefined;
    for (const row of this.statements.oldestMessages.iterate(topicKey) as Iterable<{ offset: number; bytes: number }>) {
      if (next.retainedRecords <= retention.maxRecords && next.retainedBytes <= retention.maxBytes) break;
      // Never drop the record just appended: a single record over the budget is still kept.
      if (row.offset === next.nextOffset - 1) break;
      next.retainedRecords -= 1;
      next.retainedBytes -= row.bytes;
      cutoff = row.offset;
    }
    if (cutoff !== undefined) this.statements.dropMessagesBefore.run(topicKey, cutoff);
  }

  /** The state as committed, or undefined for a store never written. */
  private load(): State | undefined {
    const meta = new Map(
      (this.db.prepare("SELECT key, value FROM meta").all() as Array<{ key: string; value: string }>).map((row) => [
        row.key,
        row.value,
      ]),
    );
    const signingKey = meta.get("signing_key");
    if (signingKey === undefined) return undefined;
    const state = emptyState();
    state.signingKey = signingKey;
    state.defaultServiceId = meta.get("default_service_id") ?? "";
    this.committedMeta = JSON.stringify([state.signingKey, state.defaultServiceId]);
    for (const area of areaNames) {
      const rows = this.db.prepare(`SELECT id, doc FROM ${areaTables[area]}`).all() as Array<{
        id: string;
        doc: string;
      }>;
      const records = state[area] as Record<string, unknown>;
      for (const row of rows) {
        records[row.id] = JSON.parse(row.doc) as unknown;
        this.committed.get(area)?.set(row.id, row.doc);
      }
    }
    return state;
  }

  /** Brings the records of a legacy state.json into the (empty) store; its records become rows. */
  private importLegacy(legacy: LegacyState): void {
    const state = this.state as unknown as Record<string, unknown>;
    for (const area of areaNames) {
      if (area !== "topicData" && legacy[area] && typeof legacy[area] === "object") {
        state[area] = idMap(legacy[area] as Record<string, unknown>);
      }
    }
    this.state.signingKey = legacy.signingKey;
    this.state.defaultServiceId = legacy.defaultServiceId;
    this.transaction(() => {
      for (const [topicKey, data] of Object.entries(legacy.topicData ?? {})) {
        let retainedBytes = 0;
        for (const message of data.messages) {
          const keyText = message.key === null || message.key === undefined ? null : JSON.stringify(message.key);
          this.statements.insertMessage.run(
            topicKey,
            message.offset,
            message.partition,
            keyText,
            JSON.stringify(message.value),
            message.timestamp,
            message.bytes,
          );
          retainedBytes += message.bytes;
        }
        this.state.topicData[topicKey] = {
          nextOffset: data.nextOffset,
          eventsWritten: data.eventsWritten,
          bytesWritten: data.bytesWritten,
          retainedRecords: data.messages.length,
          retainedBytes,
        };
      }
    });
  }
}

type Change = { area: Area | "meta"; id: string; doc: string | undefined };

interface MessageRow {
  offset: number;
  partition: number;
  key: string | null;
  value: string;
  timestamp: number;
  bytes: number;
}

function emptyTopicData(): TopicData {
  return { nextOffset: 0, eventsWritten: 0, bytesWritten: 0, retainedRecords: 0, retainedBytes: 0 };
}

function prepare(db: DatabaseSync): Statements {
  const byArea = (sql: (table: string) => string) =>
    Object.fromEntries(areaNames.map((area) => [area, db.prepare(sql(areaTables[area]))])) as Record<
      Area,
      StatementSync
    >;
  return {
    upsert: byArea(
      (table) => `INSERT INTO ${table} (id, doc) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET doc = excluded.doc`,
    ),
    remove: byArea((table) => `DELETE FROM ${table} WHERE id = ?`),
    setMeta: db.prepare(
      "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
    ),
    insertMessage: db.prepare(
      `INSERT INTO messages (topic_key, "offset", partition, key, value, timestamp, bytes) VALUES (?, ?, ?, ?, ?, ?, ?)`,
    ),
    dropMessages: db.prepare("DELETE FROM messages WHERE topic_key = ?"),
    oldestMessages: db.prepare(`SELECT "offset", bytes FROM messages WHERE topic_key = ? ORDER BY "offset"`),
    dropMessagesBefore: db.prepare(`DELETE FROM messages WHERE topic_key = ? AND "offset" <= ?`),
    page: db.prepare(
      `SELECT "offset", partition, key, value, timestamp, bytes FROM messages
       WHERE topic_key = ? AND "offset" >= ? ORDER BY "offset" LIMIT ? OFFSET ?`,
    ),
    count: db.prepare(`SELECT count(*) AS n FROM messages WHERE topic_key = ? AND "offset" >= ?`),
    firstAtOrAfter: db.prepare(`SELECT min("offset") AS o FROM messages WHERE topic_key = ? AND timestamp >= ?`),
  };
}

/**
 * Tag types in the service's words (plural, `environment` for system tags). Data written by older versions of this
 * server used singular words; they are rewritten once, at load.
 */
function pluralTagTypes(state: State): void {
  const plural: Record<string, string> = {
    source: "sources",
    destination: "destinations",
    pipeline: "pipelines",
    transform: "transforms",
    topic: "topics",
  };
  for (const tag of Object.values(state.tags)) {
    tag.type = tag.system ? ["environment"] : tag.type.map((type) => plural[type] ?? type);
  }
}
