/**
 * What the TypeScript SDK says about each resource class, read from its source: the kind it serves, its TSDoc,
 * its arguments (with TSDoc, following `extends`) and its declared outputs (with TSDoc, following the base
 * classes). The schema takes its descriptions from here, so every language reads the text TypeScript users read.
 */
import * as fs from "node:fs";
import * as path from "node:path";

import ts from "typescript";

export interface Member {
  name: string;
  description: string;
  /** The member's TypeScript type, as written. */
  type: string;
}

interface Declaration {
  extends: string[];
  description: string;
  members: Member[];
  /** Members of the bases this one leaves out (`Omit<Base, "a" | "b">`). */
  omits?: string[];
}

/**
 * A typed base written as a cast, `const X = Base as unknown as abstract new (…) => Omit<Base, "a" | "b">`
 * (typed-bases.ts): a class that extends `Base` without the omitted members.
 */
function castBase(statement: ts.VariableStatement): [string, Declaration] | undefined {
  const declaration = statement.declarationList.declarations[0];
  if (!declaration || !ts.isIdentifier(declaration.name) || !declaration.initializer) return undefined;
  const text = declaration.initializer.getText();
  const omit = /Omit<(\w+),\s*([^>]*)>/.exec(text);
  if (!omit?.[1]) return undefined;
  const omits = [...(omit[2] ?? "").matchAll(/"([^"]+)"/g)].map((match) => match[1] ?? "");
  return [declaration.name.text, { extends: [omit[1]], description: docOf(statement), members: [], omits }];
}

export interface ResourceClass {
  className: string;
  /** The provider kind the class's shim names: `pipeline`, `source:postgresql`, … */
  kind: string;
  description: string;
  /** Arguments by name, its own and its bases'. */
  args: Map<string, string>;
  /** Declared outputs by name (TSDoc and TypeScript type text), its own and its base classes'. */
  outputs: Map<string, { description: string; type: string }>;
  /** Outputs the class marks secret (`additionalSecretOutputs`). */
  secretOutputs: Set<string>;
}

export function docOf(node: ts.Node): string {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? [];
  const text = docs
    .map((doc) => (typeof doc.comment === "string" ? doc.comment : (ts.getTextOfJSDocComment(doc.comment) ?? "")))
    .join("\n")
    .trim();
  // A default is documentation only: the SDKs must not send it (schema `default` would), as the service or the
  // provider fills it in and an imported object does not declare it.
  const fallback = ts
    .getJSDocTags(node)
    .filter((tag) => tag.tagName.text === "default")
    .map((tag) => ts.getTextOfJSDocComment(tag.comment)?.trim())
    .find((value) => value !== undefined && value !== "");
  return fallback === undefined ? text : `${text}\n\nDefaults to ${fallback}.`.trim();
}

function heritage(node: ts.ClassDeclaration | ts.InterfaceDeclaration): string[] {
  return (node.heritageClauses ?? []).flatMap((clause) =>
    clause.types.map((type) => type.expression.getText().split(".").pop() ?? ""),
  );
}

/** The kind a class's constructor hands its shim: `shims.tag` or `typedShims["source:postgresql"]`. */
function kindOf(node: ts.ClassDeclaration): string | undefined {
  let kind: string | undefined;
  const visit = (child: ts.Node): void => {
    if (kind !== undefined) return;
    if (ts.isPropertyAccessExpression(child) && child.expression.getText() === "shims") kind = child.name.text;
    if (
      ts.isElementAccessExpression(child) &&
      child.expression.getText() === "typedShims" &&
      ts.isStringLiteral(child.argumentExpression)
    ) {
      kind = child.argumentExpression.text;
    }
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return kind;
}

/** The string literals of `additionalSecretOutputs: [...]` in a class. */
function secretOutputsOf(node: ts.ClassDeclaration): string[] {
  const found: string[] = [];
  const visit = (child: ts.Node): void => {
    if (
      ts.isPropertyAssignment(child) &&
      child.name.getText() === "additionalSecretOutputs" &&
      ts.isArrayLiteralExpression(child.initializer)
    ) {
      for (const element of child.initializer.elements) if (ts.isStringLiteral(element)) found.push(element.text);
    }
    ts.forEachChild(child, visit);
  };
  ts.forEachChild(node, visit);
  return found;
}

export function sdkFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sdkFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every resource class of the SDK under `sdkDir`, by class name. */
export function readSdk(sdkDir: string): Map<string, ResourceClass> {
  const interfaces = new Map<string, Declaration>();
  const classes = new Map<string, Declaration & { kind?: string; secrets: string[] }>();
  for (const file of sdkFiles(sdkDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (ts.isInterfaceDeclaration(statement)) {
        const members = statement.members.filter(ts.isPropertySignature).map((member) => ({
          name: member.name.getText(),
          description: docOf(member),
          type: member.type?.getText() ?? "",
        }));
        interfaces.set(statement.name.text, { extends: heritage(statement), description: docOf(statement), members });
      }
      if (ts.isVariableStatement(statement)) {
        const cast = castBase(statement);
        if (cast) classes.set(cast[0], { ...cast[1], secrets: [] });
      }
      if (ts.isClassDeclaration(statement) && statement.name) {
        const members = statement.members
          .filter(ts.isPropertyDeclaration)
          .filter((member) => member.modifiers?.some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword))
          .map((member) => ({
            name: member.name.getText(),
            description: docOf(member),
            type: member.type?.getText() ?? "",
          }));
        const declaration = { extends: heritage(statement), description: docOf(statement), members };
        classes.set(statement.name.text, {
          ...declaration,
          kind: kindOf(statement),
          secrets: secretOutputsOf(statement),
        });
      }
    }
  }
  const collect = (
    table: Map<string, Declaration>,
    name: string,
    into: Map<string, Member>,
    omitted: ReadonlySet<string> = new Set(),
  ): void => {
    const declaration = table.get(name);
    if (!declaration) return;
    for (const member of declaration.members) {
      if (!into.has(member.name) && !omitted.has(member.name)) into.set(member.name, member);
    }
    const below = new Set([...omitted, ...(declaration.omits ?? [])]);
    for (const base of declaration.extends) collect(table, base, into, below);
  };
  const result = new Map<string, ResourceClass>();
  for (const [className, declaration] of classes) {
    if (declaration.kind === undefined) continue;
    const args = new Map<string, Member>();
    collect(interfaces, `${className}Args`, args);
    const outputs = new Map<string, Member>();
    collect(classes, className, outputs);
    result.set(className, {
      className,
      kind: declaration.kind,
      description: declaration.description,
      args: new Map([...args].map(([name, member]) => [name, member.description])),
      outputs: new Map(
        [...outputs].map(([name, member]) => [name, { description: member.description, type: member.type }]),
      ),
      secretOutputs: new Set(declaration.secrets),
    });
  }
  return result;
}
