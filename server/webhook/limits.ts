/**
 * Webhook limits (api.md "Limits"): defaults, overridable per source through advanced config keys.
 */
import type { StoredConnector } from "../state/types";

export interface WebhookLimits {
  maxInitialLineBytes: number;
  maxHeaderBytes: number;
  maxChunkBytes: number;
  backlog: number;
}

export const defaultLimits: WebhookLimits = {
  maxInitialLineBytes: 16 * 1024,
  maxHeaderBytes: 64 * 1024,
  maxChunkBytes: 50 * 1024 * 1024,
  backlog: 200,
};

/** Advanced settings (local names for the console's "advanced settings" of a webhook source). */
export const limitKeys: Record<keyof WebhookLimits, string> = {
  maxInitialLineBytes: "webhook.max.initial.line.length",
  maxHeaderBytes: "webhook.max.header.size",
  maxChunkBytes: "webhook.max.chunk.size",
  backlog: "webhook.backlog.size",
};

export function limitsOf(source: StoredConnector | undefined): WebhookLimits {
  const out = { ...defaultLimits };
  if (!source) return out;
  for (const [field, key] of Object.entries(limitKeys) as Array<[keyof WebhookLimits, string]>) {
    const parsed = Number(source.config[key]);
    if (Number.isInteger(parsed) && parsed > 0) out[field] = parsed;
  }
  return out;
}

export function requestLineBytes(method: string, url: string, httpVersion: string): number {
  return Buffer.byteLength(`${method} ${url} HTTP/${httpVersion}`);
}

/** Size of the header block as sent: `Name: value\r\n` per header. */
export function headerBytes(rawHeaders: string[]): number {
  let total = 0;
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    total += Buffer.byteLength(rawHeaders[index]) + Buffer.byteLength(rawHeaders[index + 1]) + 4;
  }
  return total;
}
