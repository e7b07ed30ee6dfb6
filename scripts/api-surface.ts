/**
 * The public surface, one fact a line, as api-surface.txt records it: the plugin's (schema.json: config,
 * resources with their inputs and outputs, functions, types, enum values) and the TypeScript package's (every
 * export of sdk/index.ts with its TypeScript type: classes, their constructors and outputs, argument interfaces,
 * functions, types). A fact that disappears is a removal, rename or type change; a required input that appears on
 * a resource that existed is breaking too. Either needs a version bump that semver calls breaking and a
 * CHANGELOG.md section for it before `npm run generate` records it; additions are recorded as they come. Until a
 * version is released (its CHANGELOG.md heading says `(unreleased)`, which the release workflow refuses), its
 * surface is not yet a promise and may change.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import ts from "typescript";

import { packageVersion } from "./package-version";

const repoRoot = path.resolve(__dirname, "../..");
export const surfaceFile = path.join(repoRoot, "api-surface.txt");

interface TypeSpec {
  type?: string;
  items?: TypeSpec;
  additionalProperties?: TypeSpec;
  $ref?: string;
  oneOf?: TypeSpec[];
}
interface PropertySpec extends TypeSpec {
  secret?: boolean;
  replaceOnChanges?: boolean;
}
interface ObjectSpec {
  properties?: Record<string, PropertySpec>;
  required?: string[];
}
interface Schema {
  config: { variables: Record<string, PropertySpec> };
  resources: Record<
    string,
    {
      inputProperties: Record<string, PropertySpec>;
      requiredInputs?: string[];
      properties: Record<string, PropertySpec>;
    }
  >;
  functions: Record<string, { inputs?: ObjectSpec; outputs: ObjectSpec }>;
  types: Record<string, ObjectSpec & { enum?: Array<{ name?: string; value: string | number }> }>;
}

const shortName = (token: string) => token.replace(/^(#\/types\/)?streamkap:index:/, "");

function typeText(spec: TypeSpec): string {
  if (spec.$ref) return spec.$ref === "pulumi.json#/Any" ? "any" : shortName(spec.$ref);
  if (spec.oneOf) return spec.oneOf.map(typeText).join(" | ");
  if (spec.type === "array") return `${spec.items ? typeText(spec.items) : "any"}[]`;
  if (spec.type === "object") return `map<${spec.additionalProperties ? typeText(spec.additionalProperties) : "any"}>`;
  return spec.type ?? "any";
}

function propertyLine(prefix: string, name: string, spec: PropertySpec, required: boolean): string {
  const marks = [required ? "required" : "", spec.secret ? "secret" : "", spec.replaceOnChanges ? "replaces" : ""];
  return `${prefix}${name}: ${typeText(spec)}${marks
    .filter(Boolean)
    .map((mark) => ` ${mark}`)
    .join("")}`;
}

function objectLines(prefix: string, object: ObjectSpec | undefined): string[] {
  const required = new Set(object?.required ?? []);
  return Object.entries(object?.properties ?? {}).map(([name, spec]) =>
    propertyLine(prefix, name, spec, required.has(name)),
  );
}

/** The plugin's surface, from its package schema. */
export function pluginSurface(schema: Schema): string[] {
  const lines = Object.entries(schema.config.variables).map(([name, spec]) =>
    propertyLine("plugin config ", name, spec, false),
  );
  for (const [token, resource] of Object.entries(schema.resources)) {
    const name = shortName(token);
    lines.push(`plugin resource ${name}`);
    lines.push(
      ...objectLines(`plugin resource ${name} input `, {
        properties: resource.inputProperties,
        required: resource.requiredInputs,
      }),
    );
    const outputs = Object.fromEntries(
      Object.entries(resource.properties).filter(([key]) => !(key in resource.inputProperties)),
    );
    lines.push(...objectLines(`plugin resource ${name} output `, { properties: outputs }));
  }
  for (const [token, fn] of Object.entries(schema.functions)) {
    const name = shortName(token);
    lines.push(`plugin function ${name}`);
    lines.push(...objectLines(`plugin function ${name} input `, fn.inputs));
    lines.push(...objectLines(`plugin function ${name} output `, fn.outputs));
  }
  for (const [token, type] of Object.entries(schema.types)) {
    const name = shortName(token);
    // A member's name is what every SDK's code writes (`AlertType.ConnectorStatus`), so it is recorded with its value.
    const member = (item: { name?: string }) => (item.name === undefined ? "" : `.${item.name}`);
    if (type.enum)
      lines.push(...type.enum.map((item) => `plugin enum ${name}${member(item)} = ${JSON.stringify(item.value)}`));
    else lines.push(`plugin type ${name}`, ...objectLines(`plugin type ${name} property `, type));
  }
  return lines;
}

const typeFormat = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

/** The TypeScript package's surface: every export of sdk/index.ts, as the compiler sees its type. */
export function typescriptSurface(): string[] {
  const entry = path.join(repoRoot, "sdk", "index.ts");
  const program = ts.createProgram([entry], {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(entry);
  const module = source && checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`cannot read the exports of ${entry}`);
  const text = (type: ts.Type) => checker.typeToString(type, undefined, typeFormat);
  /** `prefix.name?: type` for each property of an object type. */
  const propertyLines = (prefix: string, type: ts.Type, at: ts.Node): string[] =>
    checker.getPropertiesOfType(type).map((property) => {
      const optional = property.flags & ts.SymbolFlags.Optional ? "?" : "";
      return `${prefix}.${property.name}${optional}: ${text(checker.getTypeOfSymbolAtLocation(property, at))}`;
    });
  const lines: string[] = [];
  for (const exported of checker.getExportsOfModule(module)) {
    const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const name = exported.name;
    const declaration = symbol.declarations?.[0];
    if (!declaration) continue;
    if (symbol.flags & ts.SymbolFlags.Class) {
      lines.push(`ts class ${name}`);
      const classType = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      for (const signature of classType.getConstructSignatures()) {
        lines.push(`ts class ${name} constructor(${parameters(checker, signature, declaration)})`);
      }
      const instance = checker.getDeclaredTypeOfSymbol(symbol);
      for (const property of checker.getPropertiesOfType(instance)) {
        if (isHidden(property)) continue;
        lines.push(
          `ts class ${name}.${property.name}: ${text(checker.getTypeOfSymbolAtLocation(property, declaration))}`,
        );
      }
      for (const property of checker.getPropertiesOfType(classType)) {
        if (property.name === "prototype" || isHidden(property)) continue;
        lines.push(
          `ts class ${name} static ${property.name}: ${text(checker.getTypeOfSymbolAtLocation(property, declaration))}`,
        );
      }
    } else if (symbol.flags & ts.SymbolFlags.Interface) {
      lines.push(`ts interface ${name}`);
      lines.push(...propertyLines(`ts interface ${name}`, checker.getDeclaredTypeOfSymbol(symbol), declaration));
    } else if (symbol.flags & ts.SymbolFlags.TypeAlias) {
      const aliased = checker.getDeclaredTypeOfSymbol(symbol);
      if (aliased.flags & ts.TypeFlags.Object) {
        // An object type (`Omit<ConnectorArgs, "snapshot">`) is read property by property, as an interface is, so
        // that a new optional property is an addition, not a change of one long line.
        lines.push(`ts type ${name}`);
        lines.push(...propertyLines(`ts type ${name}`, aliased, declaration));
      } else {
        lines.push(
          `ts type ${name} = ${checker.typeToString(aliased, undefined, typeFormat | ts.TypeFormatFlags.InTypeAlias)}`,
        );
      }
    } else if (symbol.flags & ts.SymbolFlags.Function) {
      const type = checker.getTypeOfSymbolAtLocation(symbol, declaration);
      for (const signature of type.getCallSignatures()) {
        lines.push(
          `ts function ${name}(${parameters(checker, signature, declaration)}): ${text(signature.getReturnType())}`,
        );
      }
    } else {
      lines.push(`ts const ${name}: ${text(checker.getTypeOfSymbolAtLocation(symbol, declaration))}`);
    }
  }
  return lines;
}

/**
 * Members that are not this package's promise: private, protected or `__`-prefixed internals, and what the
 * classes inherit from @pulumi/pulumi (`urn`, `getProvider`, …), which is that package's.
 */
function isHidden(property: ts.Symbol): boolean {
  if (property.name.startsWith("__") || property.name.startsWith("#")) return true;
  const file = property.declarations?.[0]?.getSourceFile().fileName ?? "";
  if (file.includes("/node_modules/")) return true;
  const modifiers = property.valueDeclaration ? ts.getCombinedModifierFlags(property.valueDeclaration) : 0;
  return (modifiers & (ts.ModifierFlags.Private | ts.ModifierFlags.Protected)) !== 0;
}

function parameters(checker: ts.TypeChecker, signature: ts.Signature, at: ts.Node): string {
  return signature.parameters
    .map((parameter) => {
      const declaration = parameter.valueDeclaration;
      const optional =
        declaration && ts.isParameter(declaration) && (declaration.questionToken || declaration.initializer);
      const type = checker.typeToString(checker.getTypeOfSymbolAtLocation(parameter, at), undefined, typeFormat);
      return `${parameter.name}${optional ? "?" : ""}: ${type}`;
    })
    .join(", ");
}

/** Both surfaces, sorted: what api-surface.txt holds below its version line. */
export function currentSurface(): string[] {
  const schema = JSON.parse(fs.readFileSync(path.join(repoRoot, "schema.json"), "utf8")) as Schema;
  return [...new Set([...pluginSurface(schema), ...typescriptSurface()])].sort();
}

export interface RecordedSurface {
  version: string;
  lines: string[];
}

export function recordedSurface(): RecordedSurface {
  const [first = "", ...lines] = fs.readFileSync(surfaceFile, "utf8").trimEnd().split("\n");
  const version = /^# version (\S+)$/.exec(first)?.[1];
  if (!version) throw new Error(`${surfaceFile} must start with "# version <version>"`);
  return { version, lines };
}

export interface SurfaceChange {
  added: string[];
  /** Facts gone or changed, and required inputs new on a resource that existed. */
  breaking: string[];
}

export function surfaceChange(recorded: readonly string[], current: readonly string[]): SurfaceChange {
  const before = new Set(recorded);
  const now = new Set(current);
  const removed = recorded.filter((line) => !now.has(line));
  const added = current.filter((line) => !before.has(line));
  const resourceOf = (line: string) => /^plugin resource (\S+) input /.exec(line)?.[1];
  const existed = new Set(recorded.map((line) => /^plugin resource (\S+)$/.exec(line)?.[1]).filter(Boolean));
  const newRequired = added.filter((line) => {
    const resource = resourceOf(line);
    return resource !== undefined && existed.has(resource) && / required\b/.test(line);
  });
  return {
    added: added.filter((line) => !newRequired.includes(line)),
    breaking: [...removed.map((line) => `- ${line}`), ...newRequired.map((line) => `+ ${line}`)],
  };
}

const parseVersion = (version: string) => version.split(/[.-]/).slice(0, 3).map(Number) as [number, number, number];

/** Whether `next` is a version semver allows a breaking change in, after `recorded` (0.x: the minor counts). */
export function isBreakingBump(recorded: string, next: string): boolean {
  const [major, minor] = parseVersion(recorded);
  const [nextMajor, nextMinor] = parseVersion(next);
  return major === 0 ? nextMajor > 0 || nextMinor > minor : nextMajor > major;
}

/** The first version after `recorded` that semver allows a breaking change in. */
export function nextBreakingVersion(recorded: string): string {
  const [major, minor] = parseVersion(recorded);
  return major === 0 ? `0.${minor + 1}.0` : `${major + 1}.0.0`;
}

/** The CHANGELOG.md section of `version`, or undefined. */
export function changelogSection(version: string): string | undefined {
  const file = path.join(repoRoot, "CHANGELOG.md");
  if (!fs.existsSync(file)) return undefined;
  const sections = fs.readFileSync(file, "utf8").split(/^## /m);
  return sections.find((section) => section.startsWith(`${version}\n`) || section.startsWith(`${version} `));
}

/** Whether a version's CHANGELOG.md heading says it is not released yet: `## 0.1.0 (unreleased)`. */
export function isUnreleased(version: string): boolean {
  return /^\S+ \(unreleased\)/.test(changelogSection(version) ?? "");
}

/** Why the current surface may not be recorded, or undefined when it may. */
export function refusal(
  recorded: RecordedSurface,
  change: SurfaceChange,
  version: string,
  unreleased = isUnreleased(recorded.version),
): string | undefined {
  if (change.breaking.length === 0) return undefined;
  // Nobody has written a program against a version that was never released.
  if (recorded.version === version && unreleased) return undefined;
  const listed = change.breaking.slice(0, 20).join("\n  ");
  const more = change.breaking.length > 20 ? `\n  … and ${change.breaking.length - 20} more` : "";
  const steps = [
    `The public surface changed in a way that breaks programs written against ${recorded.version}:`,
    `  ${listed}${more}`,
    "Every public name is a promise in five languages. Either put it back as it was, or record the break:",
  ];
  const bumped = isBreakingBump(recorded.version, version);
  const next = bumped ? version : nextBreakingVersion(recorded.version);
  if (!bumped) {
    steps.push(`  - set "version": "${next}" in package.json (semver: a breaking change after ${recorded.version})`);
  }
  if (!changelogSection(next)?.match(/breaking/i)) {
    steps.push(`  - add "## ${next}" to CHANGELOG.md with a "Breaking" list: what changed, and what to write now`);
  }
  if (steps.length === 3) return undefined;
  steps.push("  then run `npm run generate`, which records the new surface in api-surface.txt.");
  return steps.join("\n");
}

/** Writes api-surface.txt when the change may be recorded; throws with what to do when it may not. */
export function recordSurface(): void {
  const current = currentSurface();
  const version = packageVersion();
  if (fs.existsSync(surfaceFile)) {
    const recorded = recordedSurface();
    const reason = refusal(recorded, surfaceChange(recorded.lines, current), version);
    if (reason) throw new Error(reason);
  }
  fs.writeFileSync(surfaceFile, [`# version ${version}`, ...current].join("\n") + "\n");
}

if (require.main === module) {
  try {
    recordSurface();
    console.log(`${surfaceFile} written`);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
