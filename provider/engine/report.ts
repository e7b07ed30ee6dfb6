/**
 * Warnings from the provider to the person running pulumi, as engine diagnostics (`warning: …` in the CLI,
 * diagnostics in `--json` and the Automation API). The dynamic-provider host is started with the engine's
 * address as its first argument; @pulumi/pulumi's log functions use it once it is in PULUMI_NODEJS_ENGINE.
 * Outside an engine (unit tests), the warning goes to standard error.
 */
export async function warn(message: string): Promise<void> {
  const engineAddress = process.argv[2];
  if (!process.env.PULUMI_NODEJS_ENGINE && engineAddress && /^[\w.-]+:\d+$/.test(engineAddress)) {
    process.env.PULUMI_NODEJS_ENGINE = engineAddress;
  }
  if (!process.env.PULUMI_NODEJS_ENGINE) {
    process.stderr.write(`warning: ${message}\n`);
    return;
  }
  const pulumi: typeof import("@pulumi/pulumi") = require("@pulumi/pulumi");
  await pulumi.log.warn(message);
}
