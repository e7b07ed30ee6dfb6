/**
 * Warnings from the provider to the person running pulumi, as engine diagnostics (`warning: …` in the CLI,
 * diagnostics in `--json` and the Automation API). The dynamic-provider host is started with the engine's
 * address as its first argument but does not hand it to @pulumi/pulumi, whose settings read
 * PULUMI_NODEJS_ENGINE only when first loaded (before any provider code runs): without the address,
 * `pulumi.log.warn` falls back to a `[runtime]` line on standard error that the engine shows as output, not as
 * a warning. So the address goes into those settings directly.
 * Outside an engine (unit tests), the warning goes to standard error.
 */
export async function warn(message: string): Promise<void> {
  if (!connectToEngine()) {
    process.stderr.write(`warning: ${message}\n`);
    return;
  }
  const pulumi: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");
  await pulumi.log.warn(message);
}

interface RuntimeState {
  getStore(): { settings: { options: { engineAddr?: string } } };
}

/** Makes @pulumi/pulumi's log functions reach the engine; false when there is no engine to reach. */
function connectToEngine(): boolean {
  const engineAddress = process.env.PULUMI_NODEJS_ENGINE ?? process.argv[2];
  if (!engineAddress || !/^[\w.-]+:\d+$/.test(engineAddress)) return false;
  const state: RuntimeState = require("@pulumi/pulumi/runtime/state");
  const options = state.getStore().settings.options;
  options.engineAddr ||= engineAddress;
  return true;
}
