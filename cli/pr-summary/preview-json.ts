/**
 * The shape of `pulumi preview --json` (the engine's `display.PreviewDigest`), read tolerantly: only the fields the
 * summary uses are checked, everything else (and anything a later pulumi adds) passes through untouched.
 */
import { z } from "zod";

const resourceState = z.looseObject({
  urn: z.string().optional(),
  type: z.string().optional(),
  id: z.string().optional(),
  inputs: z.record(z.string(), z.unknown()).optional(),
  outputs: z.record(z.string(), z.unknown()).optional(),
  /** Per input, the URNs of the resources its value came from: how a pipeline names its source. */
  propertyDependencies: z.record(z.string(), z.array(z.string()).nullish()).nullish(),
});

const step = z.looseObject({
  op: z.string(),
  urn: z.string(),
  oldState: resourceState.nullish(),
  newState: resourceState.nullish(),
  diffReasons: z.array(z.string()).nullish(),
  replaceReasons: z.array(z.string()).nullish(),
  detailedDiff: z.record(z.string(), z.looseObject({ kind: z.string().optional() })).nullish(),
});

const diagnostic = z.looseObject({
  urn: z.string().optional(),
  message: z.string().optional(),
  severity: z.string().optional(),
});

const previewDigest = z.looseObject({
  steps: z.array(step).nullish(),
  diagnostics: z.array(diagnostic).nullish(),
  changeSummary: z.record(z.string(), z.number()).nullish(),
});

export type ResourceState = z.infer<typeof resourceState>;
export type PreviewStep = z.infer<typeof step>;
export type PreviewDiagnostic = z.infer<typeof diagnostic>;
export type PreviewDigest = z.infer<typeof previewDigest>;

/** Bad arguments, or input that is not the output of `pulumi preview --json`: the command exits with code 2. */
export class PrSummaryInputError extends Error {
  readonly code = "PR_SUMMARY_BAD_INPUT";
}

const howToRun = "pipe `pulumi preview --json` into it: `pulumi preview --json | npx pulumi-streamkap pr-summary`";

/** Parses the text `pulumi preview --json` printed. */
export function parsePreviewJson(text: string): PreviewDigest {
  if (text.trim() === "") {
    throw new PrSummaryInputError(`no input on standard input; ${howToRun}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the input, which may hold anything: it is not repeated.
    const looksLikeText = /^\s*(Previewing|Updating|Please choose)/.test(text);
    throw new PrSummaryInputError(
      `the input is not JSON${looksLikeText ? " but pulumi's text output" : ""}; ${howToRun} (with \`--json\`)`,
    );
  }
  const parsed = previewDigest.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue.path.length > 0 ? issue.path.map(String).join(".") : "the top level";
    throw new PrSummaryInputError(
      `the input is JSON but not the output of \`pulumi preview --json\`: at ${where}, ${issue.message}. ` +
        `Pass the preview's JSON unchanged; ${howToRun}`,
    );
  }
  return parsed.data;
}
