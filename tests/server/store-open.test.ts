// Opening the store of `--data` (N5, N7, N8, N9 of the probe): the files that hold the signing key and every
// secret are private, and a directory or file the server cannot use safely is refused at start, at once, with a
// message naming it, instead of a server that answers 500 for good or silently hands out new credentials.
import { DatabaseSync } from "node:sqlite";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSource, startWithClient } from "./helpers";
import { startChild } from "./cli-child";
import { startLocalServer } from "../../server";
import { databaseFile } from "../../server/state/database";

function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

function modeOf(path: string): number {
  return statSync(path).mode & 0o777;
}

/** A store with some records in it, written by a server that was then stopped. */
async function storeWithRecords(dir: string): Promise<void> {
  const { server, client } = await startWithClient({ dataDir: dir });
  try {
    for (let i = 0; i < 20; i++) await createSource(client, `source-${i}`);
  } finally {
    await server.close();
  }
}

describe("Who can read the store (N5)", () => {
  test("a start in a new directory makes it and its parents 0700, and the store and its log 0600", async () => {
    const base = tempDir("sk-modes-");
    const parent = join(base, "state");
    const dir = join(parent, "data");
    try {
      const server = await startLocalServer({ dataDir: dir });
      try {
        expect(modeOf(parent)).toBe(0o700);
        expect(modeOf(dir)).toBe(0o700);
        expect(modeOf(join(dir, databaseFile))).toBe(0o600);
        const wal = join(dir, `${databaseFile}-wal`);
        if (existsSync(wal)) expect(modeOf(wal)).toBe(0o600);
      } finally {
        await server.close();
      }
      expect(modeOf(join(dir, databaseFile))).toBe(0o600);
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

  test("a store file left readable by others becomes 0600 at the next start; an existing directory keeps its mode", async () => {
    const base = tempDir("sk-modes-old-");
    const dir = join(base, "data");
    try {
      mkdirSync(dir);
      chmodSync(dir, 0o755);
      const first = await startLocalServer({ dataDir: dir });
      await first.close();
      chmodSync(join(dir, databaseFile), 0o644);
      const second = await startLocalServer({ dataDir: dir });
      try {
        expect(second.clientId).toBe(first.clientId);
        expect(modeOf(join(dir, databaseFile))).toBe(0o600);
        expect(modeOf(dir)).toBe(0o755); // the user's directory: theirs to choose
      } finally {
        await second.close();
      }
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});

describe("A store that cannot be used is refused at start", () => {
  test("N8: an existing zero-byte store file is refused with a message naming it, and is left as it is", async () => {
    const dir = tempDir("sk-empty-");
    const file = join(dir, databaseFile);
    try {
      writeFileSync(file, "");
      const start = startLocalServer({ dataDir: dir });
      await expect(start).rejects.toThrow(file);
      await expect(start).rejects.toThrow(/is empty .*truncated.*delete it/);
      expect(statSync(file).size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("N8: an existing file with tables but no store in it is refused, not turned into a new store", async () => {
    const dir = tempDir("sk-foreign-");
    const file = join(dir, databaseFile);
    try {
      const other = new DatabaseSync(file);
      other.exec("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)");
      other.exec("INSERT INTO notes (body) VALUES ('keep me')");
      other.close();
      await expect(startLocalServer({ dataDir: dir })).rejects.toThrow(file);
      const again = new DatabaseSync(file);
      const tables = again.prepare("SELECT name FROM sqlite_schema WHERE type = 'table'").all();
      again.close();
      expect(tables.map((t) => t.name)).toEqual(["notes"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("N7: a store with a damaged page is refused at start with a message naming the file and what to do", async () => {
    const dir = tempDir("sk-damaged-");
    const file = join(dir, databaseFile);
    try {
      await storeWithRecords(dir);
      expect(statSync(file).size).toBeGreaterThan(8192 + 4096);
      const fd = openSync(file, "r+");
      try {
        writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, 8192);
      } finally {
        closeSync(fd);
      }
      const start = startLocalServer({ dataDir: dir });
      await expect(start).rejects.toThrow(file);
      await expect(start).rejects.toThrow(/damaged.*restore a backup.*streamkap-local\.db-wal.*move/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("N7: the command on a damaged store prints no ready line and exits non-zero with the reason", async () => {
    const dir = tempDir("sk-damaged-cli-");
    const file = join(dir, databaseFile);
    try {
      await storeWithRecords(dir);
      const fd = openSync(file, "r+");
      try {
        writeSync(fd, Buffer.alloc(4096, 0xff), 0, 4096, 8192);
      } finally {
        closeSync(fd);
      }
      const { child, exited } = startChild(["--json", "--data", dir]);
      const guard = setTimeout(() => child.kill("SIGKILL"), 10_000); // a server that started anyway
      const exit = await exited;
      clearTimeout(guard);
      expect(exit.signal).toBeNull();
      expect(exit.code).not.toBe(0);
      expect(exit.stdout).toBe("");
      expect(exit.stderr).toContain(file);
      expect(exit.stderr).toMatch(/damaged/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  test("N9: --data under /proc fails within seconds saying the directory cannot be created", async () => {
    const dir = "/proc/streamkap-test-nonexistent/data";
    const started = Date.now();
    // A child process: the old code spun for ever inside mkdirSync, which no timer in this process could stop.
    const { child, exited } = startChild(["--json", "--data", dir]);
    const guard = setTimeout(() => child.kill("SIGKILL"), 10_000);
    const exit = await exited;
    clearTimeout(guard);
    expect(exit.signal).toBeNull();
    expect(exit.code).not.toBe(0);
    expect(exit.stdout).toBe("");
    expect(exit.stderr).toMatch(/cannot be created/);
    expect(exit.stderr).toContain("/proc/streamkap-test-nonexistent");
    expect(Date.now() - started).toBeLessThan(10_000);
    // And in this process, through the API.
    await expect(startLocalServer({ dataDir: dir })).rejects.toThrow(/cannot be created/);
  }, 20_000);
});
