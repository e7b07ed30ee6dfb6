// `pulumi-streamkap pr-summary [--format markdown|json] < preview.json`: turns `pulumi preview --json` into a
// pull-request summary on standard output. Exit codes: 0 summary written (also for a failed preview, which the
// summary reports), 2 bad arguments or input that is not a preview's JSON.
import { type OptionSpecs, packageVersion, parseCommandLine, UsageError, usageErrorLine } from "../command-line";
import { renderMarkdown } from "./markdown";
import { parsePreviewJson, PrSummaryInputError } from "./preview-json";
import { summarize } from "./summary";

export type SummaryFormat = "markdown" | "json";

export const prSummaryUsage = `Usage: pulumi-streamkap pr-summary [--format markdown|json] < preview.json

Turns the output of \`pulumi preview --json\` (on standard input) into a pull-request summary on standard output:
replacements (data-loss risk), snapshots, restarts, state changes, drift warnings, and the affected pipelines as a
Mermaid diagram. A failed preview is summarized too (exit code 0); input that is not a preview's JSON exits with 2.

  --format FORMAT   markdown (default), or json for the same findings as data
`;

const prSummaryOptions = { format: { type: "string" } } as const satisfies OptionSpecs;

export function parsePrSummaryArgs(argv: readonly string[]): { format: SummaryFormat } | "help" | "version" {
  const line = parseCommandLine("pr-summary", prSummaryOptions, argv);
  if (line.kind !== "run") return line.kind;
  const value = line.values.format ?? "markdown";
  if (value !== "markdown" && value !== "json") {
    throw new UsageError(`--format must be markdown or json, not "${value}"`);
  }
  return { format: value };
}

async function readAll(input: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of input) chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/** Renders the summary of a preview's JSON text. */
export function prSummary(previewJson: string, format: SummaryFormat): string {
  const summary = summarize(parsePreviewJson(previewJson));
  return format === "json" ? `${JSON.stringify(summary, null, 2)}\n` : renderMarkdown(summary);
}

export async function runPrSummaryCommand(
  argv: string[],
  io: { stdin: NodeJS.ReadableStream; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process,
): Promise<number> {
  try {
    const parsed = parsePrSummaryArgs(argv);
    if (parsed === "help" || parsed === "version") {
      io.stdout.write(parsed === "help" ? prSummaryUsage : `${packageVersion()}\n`);
      return 0;
    }
    const { format } = parsed;
    if ("isTTY" in io.stdin && io.stdin.isTTY) {
      throw new PrSummaryInputError("nothing on standard input: run `pulumi-streamkap pr-summary < preview.json`");
    }
    io.stdout.write(prSummary(await readAll(io.stdin), format));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(usageErrorLine("pr-summary", error));
      return 2;
    }
    if (!(error instanceof PrSummaryInputError)) throw error;
    io.stderr.write(`pulumi-streamkap pr-summary: ${error.message}\n`);
    return 2;
  }
}
