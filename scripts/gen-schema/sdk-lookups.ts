/**
 * What the TypeScript SDK says about each lookup (its exported `get…` functions): its TSDoc, its parameters and its
 * answer as TypeScript type nodes, with the interfaces and type aliases of the SDK they name. schema.json's
 * functions are made from this (functions.ts), so every language reads the text TypeScript users read.
 */
import * as fs from "node:fs";

import ts from "typescript";

import { docOf, sdkFiles } from "./sdk-docs";

export interface SdkParameter {
  name: string;
  type: ts.TypeNode;
  /** Left out by the caller: `?` or a default. */
  optional: boolean;
  /** Its `@param` text, if any. */
  description: string;
}

export interface SdkLookup {
  name: string;
  description: string;
  parameters: SdkParameter[];
  /** `T` of its `Promise<T>`. */
  answer: ts.TypeNode;
}

/** The SDK's interfaces and type aliases by name, to resolve the types lookups name. */
export interface SdkDeclarations {
  interfaces: Map<string, ts.InterfaceDeclaration>;
  aliases: Map<string, ts.TypeNode>;
}

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

function lookupOf(statement: ts.FunctionDeclaration): SdkLookup | undefined {
  const name = statement.name?.text;
  const returned = statement.type;
  if (!name || !/^get[A-Z]/.test(name) || !isExported(statement) || !returned) return undefined;
  if (!ts.isTypeReferenceNode(returned) || returned.typeName.getText() !== "Promise") return undefined;
  const answer = returned.typeArguments?.[0];
  if (!answer) return undefined;
  const parameters = statement.parameters.map((parameter) => {
    if (!parameter.type) throw new Error(`sdk ${name}: parameter ${parameter.name.getText()} has no declared type`);
    const tag = ts.getJSDocParameterTags(parameter)[0];
    return {
      name: parameter.name.getText(),
      type: parameter.type,
      optional: parameter.questionToken !== undefined || parameter.initializer !== undefined,
      description: (typeof tag?.comment === "string" ? tag.comment : ts.getTextOfJSDocComment(tag?.comment)) ?? "",
    };
  });
  return { name, description: docOf(statement), parameters, answer };
}

/** Every lookup of the SDK under `sdkDir`, by name, with the declarations their types name. */
export function readLookups(sdkDir: string): { lookups: Map<string, SdkLookup>; declarations: SdkDeclarations } {
  const lookups = new Map<string, SdkLookup>();
  const declarations: SdkDeclarations = { interfaces: new Map(), aliases: new Map() };
  for (const file of sdkFiles(sdkDir)) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (ts.isInterfaceDeclaration(statement)) declarations.interfaces.set(statement.name.text, statement);
      if (ts.isTypeAliasDeclaration(statement)) declarations.aliases.set(statement.name.text, statement.type);
      if (ts.isFunctionDeclaration(statement)) {
        const lookup = lookupOf(statement);
        if (lookup) lookups.set(lookup.name, lookup);
      }
    }
  }
  return { lookups, declarations };
}
