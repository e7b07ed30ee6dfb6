// `pulumi-streamkap pr-summary [--format markdown|json] < preview.json`: turns `pulumi preview --json` into a
// pull-request summary on standard output. Exit codes: 0 summary written (also for a failed preview, which the
// summary reports), 2 bad arguments or input that is not a preview's JSON.
import { renderMarkdown } from "./markdown";
import { parsePreviewJson, PrSummaryInputError } from "./preview-json";
import { summarize } from "./summary";

export type SummaryFormat = "markdown" | "json";

export function parsePrSummaryArgs(argv: string[]): { format: SummaryFormat } {
  let format: SummaryFormat = "markdown";
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] = arg.includes("=")
      ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
      : [arg];
    if (flag !== "--format") {
      throw new PrSummaryInputError(`unknown option "${arg}" (options: --format markdown|json; input comes on stdin)`);
    }
    const value = inline ?? argv[++i];
    if (value !== "markdown" && value !== "json") {
      throw new PrSummaryInputError(
        `--format must be markdown or json, not ${value === undefined ? "nothing" : `"${value}"`}`,
      );
    }
    format = value;
  }
  return { format };
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
    const { format } = parsePrSummaryArgs(argv);
    if ("isTTY" in io.stdin && io.stdin.isTTY) {
      throw new PrSummaryInputError("nothing on standard input: run `pulumi-streamkap pr-summary < preview.json`");
    }
    io.stdout.write(prSummary(await readAll(io.stdin), format));
    return 0;
  } catch (error) {
    if (!(error instanceof PrSummaryInputError)) throw error;
    io.stderr.write(`pulumi-streamkap pr-summary: ${error.message}\n`);
    return 2;
  }
}
