/**
 * The same program in PCL, Pulumi's own program language, on the provider plugin: what `pulumi convert --from pcl`
 * turns into Python, Go or C# with Pulumi's generators (`from-terraform --language python`). PCL, unlike a YAML
 * program, says which config is secret, so the generated code reads each secret as one (`require_secret`), never
 * its value. Resource names and references are the TypeScript program's.
 */
import { ErrorCodes, StreamkapError } from "../../provider/public/cli/service";
import type { Expr, ObjectEntry, TemplatePart } from "./code";
import { hclQuoted, hclTemplateText } from "./literals";
import { eachText, type ProgramModel } from "./model";
import { ownValue, pluginIdInItems, pluginIdInputs } from "./yaml";

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * PCL is HCL, which reads every string in Unicode's composed form (NFC): a decomposed accent or a compatibility
 * character (U+212B ANGSTROM SIGN) would reach the service changed, so such text is refused, by where it is.
 */
function refuseUncomposed(text: string, where: string): void {
  if (text.normalize("NFC") === text) return;
  throw new StreamkapError(
    ErrorCodes.programValue,
    `${where} holds text that is not in Unicode's composed form (NFC). PCL, from which the Python, Go and C# ` +
      "programs are written, reads all text in that form, so the value would reach the service changed; nothing " +
      "was written. Write the program with --language typescript or yaml, which keep it exactly.",
  );
}

/**
 * A string in PCL that Pulumi's generators write safely: one quoted template, or, with `joinLines`, when it spans
 * lines, `join("\n", [<each line>])`. Pulumi's Python generator writes a string with line breaks in triple quotes
 * without escaping quotes or backslashes, so Python is given each line apart; its Go generator escapes every
 * string (but writes a `join` inside a map of any values as code that does not compile), so Go is given them whole.
 */
function stringText(parts: readonly TemplatePart[], hole: (code: string) => string, joinLines: boolean): string {
  if (!joinLines) return `"${lineText(parts, hole)}"`;
  const lines: TemplatePart[][] = [[]];
  for (const part of parts) {
    if (typeof part !== "string") {
      lines[lines.length - 1]?.push(part);
      continue;
    }
    part.split("\n").forEach((line, index) => {
      if (index > 0) lines.push([]);
      if (line !== "") lines[lines.length - 1]?.push(line);
    });
  }
  const quoted = lines.map((line) => `"${lineText(line, hole)}"`);
  return quoted.length === 1 ? (quoted[0] ?? '""') : `join("\\n", [${quoted.join(", ")}])`;
}

/**
 * The inside of one quoted template, its text escaped by HCL's rule (line breaks included). A literal `$` right
 * before an interpolation would make `$${`, HCL's escape for a literal `${`, so a run of them is written as an
 * interpolation of itself: `${"$"}`.
 */
function lineText(parts: readonly TemplatePart[], hole: (code: string) => string): string {
  return parts
    .map((part, index) => {
      if (typeof part !== "string") return `\${${hole(part.code)}}`;
      const next = parts[index + 1];
      const dollars = next !== undefined && typeof next !== "string" ? (/\$+$/.exec(part)?.[0] ?? "") : "";
      const text = hclTemplateText(part.slice(0, part.length - dollars.length));
      return dollars === "" ? text : `${text}\${"${dollars}"}`;
    })
    .join("");
}

/**
 * An attribute or object key: a bare identifier, else a quoted string (PCL takes no function call in a key, so a
 * key of several lines stays one string: what a generator makes of it is proven after it, generated-literals.ts).
 */
function keyText(key: string): string {
  return identifier.test(key) ? key : hclQuoted(key);
}

/** The secret config reads of the program model, by the type PCL declares their config with. */
const secretConfigTypes: Record<string, string> = {
  "config.requireSecret": "string",
  "config.requireSecretNumber": "int",
  "config.requireSecretBoolean": "bool",
};

class PclWriter {
  readonly config = new Map<string, string>();
  readonly locals = new Map<string, string>();
  /** Whether a pipeline's inputs are being written: its transform links take the plugin's `transformId`. */
  inPipeline = false;

  constructor(
    private readonly declared: ReadonlySet<string>,
    private readonly joinLines: boolean,
  ) {}

  /** `pg.id`: a resource's PCL name is its TypeScript variable, unique in the program. */
  reference(code: string): string {
    const [variable = ""] = code.split(".");
    if (this.declared.has(variable)) return code;
    if (variable === "namePrefix") {
      this.config.set("namePrefix", 'config namePrefix "string" {\n  default = ""\n}');
      return "namePrefix";
    }
    throw new Error(`the PCL program cannot refer to \`${code}\``);
  }

  value(expr: Expr, indent: string): string {
    switch (expr.type) {
      case "literal":
        return typeof expr.value === "string"
          ? stringText([expr.value], (code) => this.reference(code), this.joinLines)
          : JSON.stringify(expr.value);
      case "array":
        if (expr.items.length === 0) return "[]";
        return `[\n${expr.items.map((item) => `${indent}  ${this.value(item, `${indent}  `)}`).join(",\n")}\n${indent}]`;
      case "object":
        return this.object(expr.entries, indent);
      case "ref":
        return this.reference(expr.code);
      case "template":
        return stringText(expr.parts, (code) => this.reference(code), this.joinLines);
      case "call":
        return this.call(expr.callee, expr.args);
    }
  }

  /** The attributes of a block or an object, one per line; a resource's inputs are renamed to the plugin's. */
  attributes(entries: readonly ObjectEntry[], indent: string, renames: Record<string, string> = {}): string[] {
    const lines: string[] = [];
    for (const item of entries) {
      if (!("key" in item)) continue;
      const renamed =
        ownValue(renames, item.key) ?? (this.inPipeline ? ownValue(pluginIdInItems, item.key) : undefined);
      const key = renamed ?? item.key;
      const name = keyText(key);
      const value =
        renamed !== undefined && item.value.type === "ref"
          ? this.reference(item.value.code.endsWith(".id") ? item.value.code : `${item.value.code}.id`)
          : this.value(item.value, indent);
      lines.push(`${indent}${name} = ${value}`);
    }
    return lines;
  }

  object(entries: readonly ObjectEntry[], indent: string, renames: Record<string, string> = {}): string {
    const lines = this.attributes(entries, `${indent}  `, renames);
    return lines.length === 0 ? "{}" : `{\n${lines.join("\n")}\n${indent}}`;
  }

  private call(callee: string, args: readonly Expr[]): string {
    const first = args[0];
    const text = first?.type === "literal" && typeof first.value === "string" ? first.value : undefined;
    const secretType = secretConfigTypes[callee];
    if (secretType !== undefined && text !== undefined && identifier.test(text)) {
      this.config.set(text, `config ${text} "${secretType}" {\n  secret = true\n}`);
      return text;
    }
    if (callee === "systemTagId" && text !== undefined) {
      const variable = `systemTag${text.replace(/[^A-Za-z0-9]/g, "")}`;
      this.locals.set(
        variable,
        `${variable} = invoke("streamkap:index:getTags", {\n  name = ${hclQuoted(text)}\n  system = true\n}).tags`,
      );
      return `${variable}[0].id`;
    }
    throw new Error(`the PCL program has no form of \`${callee}(…)\``);
  }
}

/** The program as one PCL file (main.pp): config, lookups and every resource, in the model's order. */
export function renderPclProgram(model: ProgramModel, options: { joinLines: boolean } = { joinLines: true }): string {
  eachText(model.declarations, refuseUncomposed);
  const writer = new PclWriter(new Set(model.declarations.map((item) => item.variable)), options.joinLines);
  const resources = model.declarations.map((declaration) => {
    const className = declaration.className.replace(/^streamkap\./, "");
    writer.inPipeline = className === "Pipeline";
    const lines = [
      ...(declaration.resourceName !== declaration.variable
        ? [`  __logicalName = ${hclQuoted(declaration.resourceName)}`]
        : []),
      ...writer.attributes(declaration.entries, "  ", pluginIdInputs[className]),
    ];
    const options = declaration.options ? writer.attributes(declaration.options, "    ") : [];
    if (options.length > 0) lines.push("", "  options {", ...options, "  }");
    return [`resource ${declaration.variable} "streamkap:index:${className}" {`, ...lines, "}"].join("\n");
  });
  return `${[...writer.config.values(), ...writer.locals.values(), ...resources].join("\n\n")}\n`;
}
