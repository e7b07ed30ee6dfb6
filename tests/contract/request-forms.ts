/** The rule of suite (c): which form a recorded request is, and how it departs from that form. Written once. */
import type { RequestRecord } from "../../server/http/stats";
import type { RequestForm } from "./fixtures/types";
import { isCovered, parsePattern, showPath } from "./key-paths";

function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "");
}

/** The form whose method and path template fit; literal segments win over `{x}` (`/topics/details`). */
export function formOf(request: Pick<RequestRecord, "method" | "path">, forms: RequestForm[]): RequestForm | undefined {
  const actual = segmentsOf(request.path);
  const fitting = forms.filter((form) => {
    const template = segmentsOf(form.path);
    return (
      form.method === request.method &&
      template.length === actual.length &&
      template.every((segment, i) => /^\{\w+\}$/.test(segment) || segment === actual[i])
    );
  });
  const literals = (form: RequestForm) => segmentsOf(form.path).filter((segment) => !segment.startsWith("{")).length;
  return fitting.sort((a, b) => literals(b) - literals(a))[0];
}

/** How a request departs from its form (empty: it fits). Body values are never looked at: only key paths. */
export function departures(request: RequestRecord, form: RequestForm): string[] {
  const problems: string[] = [];
  const required = form.query?.required ?? {};
  const allowed = new Set([...Object.keys(required), ...(form.query?.allowed ?? [])]);
  for (const [name, value] of Object.entries(required)) {
    const sent = request.query[name];
    if (sent === undefined)
      problems.push(`query \`${name}\` is required${value === null ? "" : ` (${name}=${value})`}`);
    else if (value !== null && sent !== value) problems.push(`query \`${name}=${String(sent)}\`: must be ${value}`);
  }
  for (const [name, sent] of Object.entries(request.query)) {
    if (!allowed.has(name)) problems.push(`query \`${name}\` is not a parameter of this call`);
    const refused = form.query?.forbidden?.[name] ?? [];
    for (const value of Array.isArray(sent) ? sent : [sent]) {
      if (refused.includes(value)) problems.push(`query \`${name}=${value}\` is refused by the service`);
    }
  }
  const bodyPatterns = [...(form.body?.required ?? []), ...(form.body?.allowed ?? [])];
  if (!form.body && request.bodyKeys.length > 0) problems.push("this call takes no body");
  for (const pattern of form.body?.required ?? []) {
    const wanted = parsePattern(pattern);
    if (!request.bodyKeys.some((path) => JSON.stringify(path) === JSON.stringify(wanted))) {
      problems.push(`body key \`${pattern}\` is required`);
    }
  }
  if (form.body) {
    for (const path of request.bodyKeys) {
      if (!isCovered(path, bodyPatterns)) problems.push(`body key \`${showPath(path)}\` is not a field of this call`);
    }
  }
  return problems;
}
