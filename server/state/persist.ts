// Crash-safe persistence of the state as one JSON file: write a temp file, fsync it, rename it over the old one,
// fsync the directory. A crash at any point leaves either the old or the new file, never a half-written one.
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync, existsSync } from "node:fs";
import { join } from "node:path";
import type { State } from "./types";

const FILE = "state.json";

export function loadState(dataDir: string): State | undefined {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return undefined;
  const parsed = JSON.parse(readFileSync(path, "utf8")) as State;
  if (parsed.format !== 1) throw new Error(`${path}: unknown state format ${String(parsed.format)}`);
  return parsed;
}

export function writeStateAtomically(dataDir: string, state: State): void {
  mkdirSync(dataDir, { recursive: true });
  const target = join(dataDir, FILE);
  const temp = join(dataDir, `${FILE}.${process.pid}.tmp`);
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, JSON.stringify(state));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, target);
  try {
    // The rename itself is durable only once the directory entry is flushed.
    const dirFd = openSync(dataDir, "r");
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // Some platforms (Windows) cannot open directories; the rename is still atomic there.
  }
}

/**
 * Batches writes: many changes within `delayMs` become one file write, which keeps webhook ingestion fast.
 * flush() writes synchronously (used by close() and on shutdown signals).
 */
export class Persister {
  private timer: NodeJS.Timeout | undefined;
  private dirty = false;

  constructor(
    private readonly dataDir: string,
    private readonly snapshot: () => State,
    private readonly delayMs = 50,
  ) {}

  markDirty(): void {
    this.dirty = true;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, this.delayMs);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (!this.dirty) return;
    this.dirty = false;
    writeStateAtomically(this.dataDir, this.snapshot());
  }
}
