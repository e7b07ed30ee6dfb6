/**
 * The embedded store's file: node:sqlite in WAL mode, one table per area, held exclusively by one server.
 *
 * Why sqlite: every commit is a transaction that reaches the write-ahead log before the HTTP answer, so a 2xx
 * survives `kill -9`; webhook records are appended as rows instead of re-serialising the whole state; and the
 * exclusive lock is an OS lock that dies with the process, so a crashed server never blocks the next start.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";

export const databaseFile = "streamkap-local.db";

/** Tables of the areas kept whole in memory: one row per record, its JSON in `doc`. */
export const areaTables = {
  services: "services",
  credentials: "credentials",
  connectors: "connectors",
  pipelines: "pipelines",
  topics: "topics",
  topicData: "topic_counters",
  tags: "tags",
  transforms: "transforms",
  projectKeys: "project_keys",
  kafkaUsers: "kafka_users",
  alertSubscribers: "alert_subscribers",
} as const;

export type Area = keyof typeof areaTables;
export const areaNames = Object.keys(areaTables) as Area[];

/**
 * Forward migrations, by the version they bring the file to (PRAGMA user_version). Never edit a shipped one:
 * add the next.
 */
const schemaMigrations: Array<(db: DatabaseSync) => void> = [
  // 1: areas as JSON documents, webhook records as appended rows.
  (db) => {
    db.exec("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)");
    for (const table of Object.values(areaTables)) {
      db.exec(`CREATE TABLE ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
    }
    db.exec(
      `CREATE TABLE messages (
         seq INTEGER PRIMARY KEY,
         topic_key TEXT NOT NULL,
         "offset" INTEGER NOT NULL,
         partition INTEGER NOT NULL,
         key TEXT,
         value TEXT NOT NULL,
         timestamp INTEGER NOT NULL,
         bytes INTEGER NOT NULL
       )`,
    );
    db.exec(`CREATE UNIQUE INDEX messages_by_topic ON messages (topic_key, "offset")`);
  },
  // 2: Kafka users. (A file made by this version got the table from 1, which creates every area's table.)
  (db) => {
    db.exec("CREATE TABLE IF NOT EXISTS kafka_users (id TEXT PRIMARY KEY, doc TEXT NOT NULL)");
  },
  // 3: alert subscribers.
  (db) => {
    db.exec("CREATE TABLE IF NOT EXISTS alert_subscribers (id TEXT PRIMARY KEY, doc TEXT NOT NULL)");
  },
];

export const schemaVersion = schemaMigrations.length;

/** Why the store could not be opened, in words a user can act on. */
export class StoreOpenError extends Error {}

/**
 * Opens (creating if needed) the store under `dataDir`, or an in-memory one without it, takes the exclusive lock
 * and brings the schema to the current version. Throws StoreOpenError when the directory cannot be written or
 * another server holds it.
 */
export function openDatabase(dataDir: string | undefined, fsyncEachCommit = false): DatabaseSync {
  if (dataDir === undefined) {
    const db = new DatabaseSync(":memory:");
    migrate(db);
    return db;
  }
  const file = join(dataDir, databaseFile);
  let db: DatabaseSync;
  try {
    mkdirSync(dataDir, { recursive: true });
    removeStaleTempFiles(dataDir);
    db = new DatabaseSync(file, { timeout: 0 });
  } catch (error) {
    throw new StoreOpenError(`cannot open the data directory ${dataDir}: ${(error as Error).message}`);
  }
  try {
    // EXCLUSIVE: the first transaction takes a lock held until the process ends (kill -9 included).
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    db.exec("PRAGMA journal_mode = WAL");
    // NORMAL: a commit is in the write-ahead log (the OS's cache) before the answer, which survives a crash of
    // this process; FULL adds an fsync per commit, which also survives a power loss but made the p99 of every call
    // 60-130 ms on a shared disk (bench/RESULTS.md), so it is the --fsync option.
    db.exec(`PRAGMA synchronous = ${fsyncEachCommit ? "FULL" : "NORMAL"}`);
    // Take the lock and prove the file writable now, before the server says it is ready.
    db.exec("BEGIN EXCLUSIVE");
    db.exec("CREATE TABLE IF NOT EXISTS write_probe (x INTEGER)");
    db.exec("DROP TABLE write_probe");
    db.exec("COMMIT");
    migrate(db);
  } catch (failure) {
    db.close();
    const message = (failure as Error).message;
    if (/locked|busy/i.test(message)) {
      throw new StoreOpenError(
        `the data directory ${dataDir} is in use by another pulumi-streamkap local server; stop it, or give this ` +
          `one another --data directory`,
      );
    }
    throw new StoreOpenError(`cannot write the data directory ${dataDir}: ${message}`);
  }
  return db;
}

function migrate(db: DatabaseSync): void {
  const version = Number((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version);
  if (version > schemaVersion) {
    throw new StoreOpenError(
      `the data was written by a newer pulumi-streamkap (schema ${version}, this one knows ${schemaVersion}); ` +
        `upgrade pulumi-streamkap or use another --data directory`,
    );
  }
  for (let next = version; next < schemaVersion; next++) {
    db.exec("BEGIN");
    try {
      schemaMigrations[next](db);
      db.exec(`PRAGMA user_version = ${next + 1}`);
      db.exec("COMMIT");
    } catch (error) {
      db.exec("ROLLBACK");
      throw error;
    }
  }
}

/** Temp files of the JSON store of earlier versions, left behind when a server was killed mid-write (F16). */
function removeStaleTempFiles(dataDir: string): void {
  for (const name of readdirSync(dataDir)) {
    if (/^state\.json\.\d+\.tmp$/.test(name)) rmSync(join(dataDir, name), { force: true });
  }
}
