/**
 * One-time import of the whole-state JSON file that servers before the embedded store wrote (`state.json`).
 */
import { existsSync, readFileSync, renameSync } from "node:fs";
import { join } from "node:path";
import type { StoredMessage } from "./types";

export const legacyFile = "state.json";

/** The legacy file's shape: the state of today, with each topic's records held inline. */
export interface LegacyState {
  format: 1;
  signingKey: string;
  defaultServiceId: string;
  topicData: Record<
    string,
    { messages: StoredMessage[]; nextOffset: number; eventsWritten: number; bytesWritten: number }
  >;
  [area: string]: unknown;
}

export function readLegacyState(dataDir: string): LegacyState | undefined {
  const path = join(dataDir, legacyFile);
  if (!existsSync(path)) return undefined;
  const parsed = JSON.parse(readFileSync(path, "utf8")) as LegacyState;
  if (parsed.format !== 1) throw new Error(`${path}: unknown state format ${String(parsed.format)}`);
  return parsed;
}

/** Keeps the imported file for the record, under a name no later start imports again. */
export function retireLegacyState(dataDir: string): void {
  renameSync(join(dataDir, legacyFile), join(dataDir, `${legacyFile}.imported`));
}
