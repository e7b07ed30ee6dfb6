import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Warnings from the provider to the person running pulumi, as engine diagnostics (`warning: …` in the CLI,
 * diagnostics in `--json` and the Automation API). The dynamic-provider host is started with the engine's
 * address as its first argument but does not hand it to @pulumi/pulumi, whose settings read
 * PULUMI_NODEJS_ENGINE only when first loaded (before any provider code runs): without the address,
 * `pulumi.log.warn` falls back to a `[runtime]` line on standard error that the engine shows as output, not as
 * a warning. So the address goes into those settings directly.
 * Outside an engine (unit tests), the warning goes to standard error.
 *
 * A dynamic provider is never told which resource it serves, so its warnings attach to the stack. The provider
 * plugin is: it runs each call inside `attributedTo(urn, …)`, and the warning attaches to that resource (the CLI
 * shows it under the resource, `--json` and the Automation API carry its URN).
 */
export async function warn(message: string): Promise<void> {
  if (!connectToEngine()) {
    process.stderr.write(`warning: ${message}\n`);
    return;
  }
  const pulumi: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");
  const urn = currentResource.getStore();
  await pulumi.log.warn(message, urn ? resourceNamed(pulumi, urn) : undefined);
}

const currentResource = new AsyncLocalStorage<string>();

/** Runs `work` with the warnings it raises attached to the resource `urn`. */
export function attributedTo<T>(urn: string, work: () => T): T {
  return currentResource.run(urn, work);
}

/** What `pulumi.log` reads of a resource: its URN, as an output. */
function resourceNamed(pulumi: typeof import("@pulumi/pulumi"), urn: string): import("@pulumi/pulumi").Resource {
  return { urn: pulumi.output(urn) } as unknown as import("@pulumi/pulumi").Resource;
}

interface RuntimeState {
  getStore(): { settings: { options: { engineAddr?: string } } };
}

/** Makes @pulumi/pulumi's log functions reach the engine; false when there is no engine to reach. */
function connectToEngine(): boolean {
  // The engine passes its address as the first argument not a flag (`-v=9 127.0.0.1:4321` under verbose logging).
  const isAddress = (arg: string) => /^[\w.-]+:\d+$/.test(arg);
  const engineAddress = [process.env.PULUMI_NODEJS_ENGINE ?? "", ...process.argv.slice(2)].find(isAddress);
  if (!engineAddress) return false;
  const state: RuntimeState = require("@pulumi/pulumi/runtime/state");
  const options = state.getStore().settings.options;
  options.engineAddr ||= engineAddress;
  return true;
}
