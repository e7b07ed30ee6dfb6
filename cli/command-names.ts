/**
 * The commands of `pulumi-streamkap`. The release's plugin executable answers them too (scripts/release.ts), so
 * the names live apart from cli/main.ts, which runs when loaded.
 */
export const cliCommandNames = ["local", "pr-summary", "export", "from-terraform"] as const;
export type CliCommandName = (typeof cliCommandNames)[number];
