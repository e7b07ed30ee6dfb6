import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Warnings from the provider to the person running pulumi, as engine diagnostics (`warning: …` in the CLI,
 * diagnostics in `--json` and the Automation API), sent with the engine's own `Log` call. The engine starts
 * both the dynamic-provider host and the provider plugin with its address as the first argument that is not a
 * flag (`-v=9 127.0.0.1:4321` under verbose logging); the plugin may also be told it by `Attach`.
 * Outside an engine (unit tests), the warning goes to standard error.
 *
 * A dynamic provider is never told which resource it serves, so its warnings attach to the stack. The provider
 * plugin is: it runs each call inside `attributedTo(urn, …)`, and the warning attaches to that resource (the CLI
 * shows it under the resource, `--json` and the Automation API carry its URN).
 */
export async function warn(message: string): Promise<void> {
  const address = engineAddress();
  if (!address) {
    process.stderr.write(`warning: ${message}\n`);
    return;
  }
  // Loaded with the first warning: the gRPC client and the protocol cost every run that has none.
  const { logWarning } = require("../protocol/engine-log") as typeof import("../protocol/engine-log");
  await logWarning(address, message, currentResource.getStore());
}

const currentResource = new AsyncLocalStorage<string>();

/** Runs `work` with the warnings it raises attached to the resource `urn`. */
export function attributedTo<T>(urn: string, work: () => T): T {
  return currentResource.run(urn, work);
}

let attachedEngine: string | undefined;

/** The engine's address as `Attach` gives it, which wins over the command line's. */
export function attachEngine(address: string): void {
  attachedEngine = address;
}

function engineAddress(): string | undefined {
  const isAddress = (arg: string) => /^[\w.-]+:\d+$/.test(arg);
  return attachedEngine ?? [process.env.PULUMI_NODEJS_ENGINE ?? "", ...process.argv.slice(2)].find(isAddress);
}
