/**
 * What benchmarks and the soak report learn from inside the dynamic-provider process: counts only, never a
 * request, a value or a credential.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Counts of retries made by this process, by reason; read by benchmarks and the soak report. */
export const retryCounters = new Map<string, number>();

/** Environment variable naming a directory where each provider process reports its counters. Off when unset. */
export const countersDirVariable = "STREAMKAP_COUNTERS_DIR";

let lastReport = "";

/**
 * Writes this process's counters to `$STREAMKAP_COUNTERS_DIR/provider-<pid>.json` when they changed. The provider
 * runs inside a process the engine starts and ends, so the file is rewritten as counts change rather than at exit,
 * which a killed run never reaches. Counts only: never a request, a value or a credential.
 */
export function reportCounters(counters: () => Record<string, Record<string, number>>): void {
  const dir = process.env[countersDirVariable];
  if (!dir) return; // off (the usual case): nothing is gathered on the way of every call
  const text = JSON.stringify({ pid: process.pid, ...counters() });
  if (text === lastReport) return;
  lastReport = text;
  try {
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `provider-${process.pid}.json`);
    writeFileSync(`${file}.tmp`, text);
    renameSync(`${file}.tmp`, file); // a reader never sees half a file
  } catch {
    // Counting is for reports; it must never fail a deployment.
  }
}
