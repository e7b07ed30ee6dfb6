/**
 * What the engine printed during the preview: errors, warnings, and the provider's drift warnings.
 *
 * A drift warning comes from `read` during `preview --refresh`. Depending on how the provider reaches the engine,
 * it arrives either as one warning diagnostic, or as the provider's standard error, one diagnostic per line
 * (severity `info#err`, prefixed `warning: [runtime]`, attributed to the stack rather than the resource). Both
 * are read here, by the text the provider writes (provider/engine/drift.ts), and tied to the resource by the
 * service name the text quotes.
 */
import type { PreviewDiagnostic } from "./preview-json";
import { parseUrn, type ResourceView } from "./resources";
import { compareText } from "./values";

export interface DriftWarning {
  /** The resource, when the quoted service name matched one of the preview. */
  urn?: string;
  /** Its logical name. */
  name?: string;
  typeName?: string;
  /** How the provider named the object, e.g. `postgresql source "orders-db-k2j9x0a"`. */
  label: string;
  /** One line per drifted setting: `databasePort is now 6000 (last applied: 5432); changed … by web …`. */
  settings: string[];
  /** The lines after them: history totals and what the next `up` does. */
  notes: string[];
}

export interface EngineMessage {
  /** The resource's logical name, when the diagnostic names a resource. */
  name?: string;
  message: string;
}

export interface PreviewDiagnostics {
  errors: EngineMessage[];
  warnings: EngineMessage[];
  drift: DriftWarning[];
}

const driftStart = /^(.*\S) changed outside Pulumi since the last `pulumi up`:?$/;
const driftNote = /^(Since it was created|The next `pulumi up`)/;

/** `warning: [runtime] text` → `text`: the prefixes the CLI and the SDK's stderr fallback add. */
function withoutPrefixes(text: string): string {
  return text.replace(/^(error|warning|info|debug): /, "").replace(/^\[runtime\] /, "");
}

/** Every printed line, in order, whichever diagnostic carried it. */
function linesOf(diagnostics: PreviewDiagnostic[]): string[] {
  return diagnostics.flatMap((diagnostic) =>
    (diagnostic.message ?? "")
      .split("\n")
      .map((text) => text.replace(/\s+$/, ""))
      .filter((text) => text !== "")
      .map((text, index) => (index === 0 ? withoutPrefixes(text) : text)),
  );
}

type DriftText = Pick<DriftWarning, "label" | "settings" | "notes">;

/** The drift warnings among the lines, however the engine split them into diagnostics. */
function cutDrift(lines: string[]): DriftText[] {
  const drift: DriftText[] = [];
  let current: DriftText | undefined;
  for (const line of lines) {
    const start = driftStart.exec(line);
    if (start) {
      current = { label: start[1], settings: [], notes: [] };
      drift.push(current);
    } else if (current && /^\s+-\s/.test(line)) {
      current.settings.push(line.replace(/^\s+-\s+/, ""));
    } else if (current && driftNote.test(line)) {
      current.notes.push(line);
      if (line.startsWith("The next")) current = undefined;
    } else {
      current = undefined;
    }
  }
  return drift;
}

/** The logical name of the resource a diagnostic is about; none for the stack itself. */
function resourceNameOf(urn: string | undefined): string | undefined {
  if (urn === undefined) return undefined;
  const { type, name } = parseUrn(urn);
  return type === "pulumi:pulumi:Stack" ? undefined : name;
}

/** The resource whose service name the label quotes: `postgresql source "orders-db-k2j9x0a"`. */
function resourceNamed(label: string, views: ResourceView[]): ResourceView | undefined {
  const quoted = /"([^"]+)"/.exec(label)?.[1];
  if (quoted === undefined) return undefined;
  return views.find((view) => [view.oldOutputs?.name, view.oldInputs?.name, view.newInputs?.name].includes(quoted));
}

/** Errors, warnings and drift, each in a stable order. */
export function previewDiagnostics(diagnostics: PreviewDiagnostic[], views: ResourceView[]): PreviewDiagnostics {
  const drift = cutDrift(linesOf(diagnostics));
  const messagesOf = (severity: string): EngineMessage[] =>
    diagnostics
      .filter((diagnostic) => diagnostic.severity === severity)
      .map((diagnostic) => ({
        name: resourceNameOf(diagnostic.urn),
        message: withoutPrefixes((diagnostic.message ?? "").trim()),
      }))
      .filter(({ message }) => message !== "" && !driftStart.test(message.split("\n")[0]))
      .sort((a, b) => compareText(a.name ?? "", b.name ?? "") || compareText(a.message, b.message));
  const seen = new Set<string>();
  return {
    errors: messagesOf("error"),
    warnings: messagesOf("warning"),
    drift: drift
      .filter((warning) => {
        const key = JSON.stringify(warning);
        return seen.has(key) ? false : (seen.add(key), true);
      })
      .map((warning) => {
        const view = resourceNamed(warning.label, views);
        return { urn: view?.urn, name: view?.name, typeName: view?.typeName, ...warning };
      })
      .sort((a, b) => compareText(a.name ?? a.label, b.name ?? b.label) || compareText(a.label, b.label)),
  };
}
