/**
 * The embedded store's file: node:sqlite in WAL mode, one table per area, held exclusively by one server.
 *
 * Why sqlite: every commit is a transaction that reaches the write-ahead log before the HTTP answer, so a 2xx
 * survives `kill -9`; webhook records are appended as rows instead of re-serialising the whole state; and the
 * exclusive lock is an OS lock that dies with the process, so a crashed server never blocks the next start.
 */
import { chmodSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
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
 * and brings the schema to the current version. Throws StoreOpenError when the directory cannot be created or
 * written, another server holds it, or the file is damaged, empty or not a store of ours.
 *
 * The file holds the token signing key and every secret: a directory this call creates is 0700, and the store's
 * files are made 0600 whoever created them.
 */
export function openDatabase(dataDir: string | undefined, fsyncEachCommit = false): DatabaseSync {
  if (dataDir === undefined) {
    const db = new DatabaseSync(":memory:");
    migrate(db);
    return db;
  }
  const file = join(dataDir, databaseFile);
  let db: DatabaseSync;
  let existed: boolean;
  try {
    makeDataDirectory(dataDir);
    removeStaleTempFiles(dataDir);
    existed = refuseEmptyFile(file);
    db = new DatabaseSync(file, { timeout: 0 });
    restrictFiles(file); // before anything is written to it
  } catch (error) {
    if (error instanceof StoreOpenError) throw error;
    throw new StoreOpenError(`cannot open the data directory ${dataDir}: ${(error as Error).message}`);
  }
  try {
    // EXCLUSIVE: the first transaction takes a lock held until the process ends (kill -9 included).
    db.exec("PRAGMA locking_mode = EXCLUSIVE");
    // Read-only checks first: nothing is written to a file that is damaged or not ours.
    checkIntact(db, file);
    if (existed) refuseForeignFile(db, file);
  } catch (failure) {
    db.close();
    if (failure instanceof StoreOpenError) throw failure;
    throw openFailure(failure, dataDir, file, `cannot read the store ${file}`);
  }
  try {
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
    restrictFiles(file); // the write-ahead log exists now
    migrate(db);
  } catch (failure) {
    db.close();
    throw openFailure(failure, dataDir, file, `cannot write the data directory ${dataDir}`);
  }
  return db;
}

/** The StoreOpenError for a failure of sqlite while opening: another server, a damaged file, or `otherwise`. */
function openFailure(failure: unknown, dataDir: string, file: string, otherwise: string): StoreOpenError {
  const message = (failure as Error).message;
  if (/locked|busy/i.test(message)) {
    return new StoreOpenError(
      `the data directory ${dataDir} is in use by another pulumi-streamkap local server; stop it, or give this ` +
        `one another --data directory`,
    );
  }
  const code = Number((failure as { errcode?: number }).errcode) & 0xff;
  if (code === sqliteCorrupt || code === sqliteNotADatabase || /malformed|not a database/i.test(message)) {
    return damaged(file, message);
  }
  return new StoreOpenError(`${otherwise}: ${message}`);
}

const sqliteCorrupt = 11;
const sqliteNotADatabase = 26;

function damaged(file: string, detail: string): StoreOpenError {
  return new StoreOpenError(
    `the store ${file} is damaged (${detail}); restore a backup of both ${databaseFile} and ${databaseFile}-wal ` +
      `(copied together while the server was stopped), or move both files away to start with an empty store`,
  );
}

/** Refuses a file whose pages sqlite finds inconsistent: it would start, then answer 500 for good. */
function checkIntact(db: DatabaseSync, file: string): void {
  const rows = db.prepare("PRAGMA quick_check(5)").all() as Array<Record<string, unknown>>;
  const lines = rows.map((row) =>
    String(Object.values(row)[0])
      .replace(/\*\*\* in database main \*\*\*/g, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
  if (lines.length === 1 && lines[0] === "ok") return;
  throw damaged(file, lines.join("; ") || "sqlite's check answered nothing");
}

/**
 * Whether `file` exists; refuses one of 0 bytes. Only a file that did not exist may become a new store: an
 * existing one that is empty was truncated, and starting on it would silently hand out new credentials.
 */
function refuseEmptyFile(file: string): boolean {
  const stats = statSync(file, { throwIfNoEntry: false });
  if (stats === undefined) return false;
  if (stats.isFile() && stats.size === 0) {
    throw new StoreOpenError(
      `the store ${file} is empty (0 bytes): it may have been truncated by a crash or a full disk, so its records ` +
        `and credentials are gone; restore it from a backup, or to start afresh delete it (and ` +
        `${databaseFile}-wal beside it)`,
    );
  }
  return true;
}

/** Refuses an existing file with tables but none of a store's: truncated, or another program's database. */
function refuseForeignFile(db: DatabaseSync, file: string): void {
  const version = Number((db.prepare("PRAGMA user_version").get() as { user_version: number }).user_version);
  if (version !== 0) return;
  const tables = (
    db.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all() as Array<{ name: string }>
  ).map((row) => row.name);
  if (tables.length === 0 || tables.includes("meta")) return;
  throw new StoreOpenError(
    `the store ${file} has tables but no pulumi-streamkap data (no meta table, schema version 0): it may have ` +
      `been truncated by a crash or a full disk, or be another program's database; restore it from a backup, or ` +
      `to start afresh move it away or delete it`,
  );
}

/**
 * Makes `dataDir` and any missing parent, each 0700. Not mkdirSync's `recursive`, which loops for ever when mkdir
 * answers ENOENT under an existing parent (as under /proc): one mkdir per missing component, so a failure is
 * thrown at once.
 */
function makeDataDirectory(dataDir: string): void {
  const missing: string[] = [];
  for (let current = resolve(dataDir); ;) {
    const stats = statSync(current, { throwIfNoEntry: false });
    if (stats !== undefined) {
      if (!stats.isDirectory()) throw new Error(`${current} is not a directory`);
      break;
    }
    missing.unshift(current);
    const parent = dirname(current);
    if (parent === current) break;
    current = parent;
  }
  for (const path of missing) {
    try {
      mkdirSync(path, { mode: 0o700 });
    } catch (error) {
      // Made by another process meanwhile: not ours to chmod.
      if (
        (error as NodeJS.ErrnoException).code === "EEXIST" &&
        statSync(path, { throwIfNoEntry: false })?.isDirectory()
      ) {
        continue;
      }
      throw new Error(
        `the directory ${path} cannot be created (${(error as Error).message}); give --data a directory on a ` +
          `file system you can write`,
        { cause: error },
      );
    }
    chmodSync(path, 0o700); // whatever the umask
  }
}

/** Makes the store's files readable by their owner only: they hold the signing key and every secret. */
function restrictFiles(file: string): void {
  for (const path of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]) {
    try {
      chmodSync(path, 0o600);
    } catch (error) {
      // Absent; or not ours to change (EPERM), or on a read-only file system, which the write probe reports.
      if (!["ENOENT", "EPERM", "EROFS"].includes(String((error as NodeJS.ErrnoException).code))) throw error;
    }
  }
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
