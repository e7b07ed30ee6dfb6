import { setTimeout as sleep } from "node:timers/promises";

import type { ObjectHandle } from "../engine/kind";
import { ErrorCodes, errors } from "../errors";

/** A new key is `creating` for a while; PATCH answers 400 until it is active. */
const settleDeadlineMs = 5 * 60_000;

/**
 * Waits until the key is usable: `active` (or a status this provider does not know, which it does not judge),
 * and answers the key as `GET /project-keys/{id}` shows it. A key that the service failed to make, or is
 * deleting, is an error that says what to do.
 */
export async function waitForProjectKey<T extends { status?: string | null }>(self: ObjectHandle<T>): Promise<T> {
  const { context } = self;
  const deadline = Date.now() + settleDeadlineMs;
  for (let wait = 100; ; wait = Math.min(wait * 2, 3_000)) {
    const live = await self.read();
    if (live === undefined) throw errors.gone({ resource: context.label });
    const status = live.status;
    if (status === "creating" || status === "pending") {
      if (Date.now() + wait > deadline) {
        throw errors.timedOut({
          resource: context.label,
          outcome: "it did not become active",
          deadline: `${settleDeadlineMs / 60_000}-minute deadline`,
          last: status,
        });
      }
      await sleep(wait);
      continue;
    }
    if (status === "deleting" || status === "delete_failed" || status?.endsWith("failed")) {
      throw errors.of(
        context.label,
        ErrorCodes.rejected,
        `it is ${status} on the service. Delete it in the web console or with \`pulumi destroy\`, ` +
          "then run `pulumi up` to make a new one.",
      );
    }
    return live;
  }
}
