/**
 * schema.json's functions: one per lookup the provider plugin serves (provider/lookups/registry.ts), as
 * `streamkap:index:<lookup>`, in the TypeScript SDK's words. Its inputs are the SDK function's parameters, a lone
 * object parameter (a filter) spread into them; its outputs are the answer, an object as it is and a list under
 * the name the plugin returns it by (`listKeyOf`). Types come from the SDK's declarations: its interfaces become
 * named types after themselves, string-literal unions enums, and only an open type (`Record<string, unknown>`'s
 * values, `unknown`) Any.
 */
import ts from "typescript";

import { listKeyOf, lookupEntries } from "../../provider/lookups/registry";
import type { SdkDeclarations, SdkLookup } from "./sdk-lookups";
import { docOf } from "./sdk-docs";
import {
  enumMembers,
  type ObjectTypeSpec,
  pascal,
  type PropertySpec,
  singular,
  type TypeRegistry,
  type TypeSpec,
} from "./types";

export interface FunctionSpec {
  description: string;
  inputs?: ObjectTypeSpec;
  outputs: ObjectTypeSpec;
}

const any: TypeSpec = { $ref: "pulumi.json#/Any" };

/** SDK type nodes as Pulumi types, registering the named ones. */
class SdkTypes {
  constructor(
    private readonly declarations: SdkDeclarations,
    private readonly registry: TypeRegistry,
  ) {}

  /** The members of an object type node (an interface it names, or a literal); undefined for any other type. */
  membersOf(node: ts.TypeNode): { members: readonly ts.TypeElement[]; name?: string; doc: string } | undefined {
    if (ts.isTypeLiteralNode(node)) return { members: node.members, doc: "" };
    if (ts.isTypeReferenceNode(node)) {
      const name = node.typeName.getText();
      const declaration = this.declarations.interfaces.get(name);
      if (declaration) return { members: declaration.members, name, doc: docOf(declaration) };
      const alias = this.declarations.aliases.get(name);
      if (alias) return this.membersOf(alias);
    }
    return undefined;
  }

  /** An object type of `members`, each property described by its TSDoc; `owner` names the types inside it. */
  object(members: readonly ts.TypeElement[], owner: string, description = ""): ObjectTypeSpec {
    const properties: Record<string, PropertySpec> = {};
    const required: string[] = [];
    for (const member of members) {
      if (!ts.isPropertySignature(member) || !member.type) continue;
      const name = member.name.getText();
      const doc = docOf(member);
      properties[name] = { ...this.typeOf(member.type, name, owner, doc), ...(doc ? { description: doc } : {}) };
      if (!member.questionToken) required.push(name);
    }
    return {
      type: "object",
      ...(description ? { description } : {}),
      properties,
      ...(required.length > 0 ? { required } : {}),
    };
  }

  /** The Pulumi type of `node`, the type of property `name` of `owner` (which names the types it needs). */
  typeOf(node: ts.TypeNode, name: string, owner: string, description = ""): TypeSpec {
    if (ts.isParenthesizedTypeNode(node)) return this.typeOf(node.type, name, owner, description);
    switch (node.kind) {
      case ts.SyntaxKind.StringKeyword:
        return { type: "string" };
      case ts.SyntaxKind.NumberKeyword:
        return { type: "number" };
      case ts.SyntaxKind.BooleanKeyword:
        return { type: "boolean" };
    }
    if (ts.isLiteralTypeNode(node)) return this.literalType(node) ?? any;
    if (ts.isUnionTypeNode(node)) return this.unionType(node, name, owner, description);
    if (ts.isArrayTypeNode(node)) return this.arrayOf(node.elementType, name, owner);
    if (ts.isTypeReferenceNode(node)) {
      const [first, second] = node.typeArguments ?? [];
      switch (node.typeName.getText()) {
        case "Array":
          return first ? this.arrayOf(first, name, owner) : any;
        case "Record":
          return { type: "object", additionalProperties: second ? this.typeOf(second, name, owner) : any };
      }
    }
    const object = this.membersOf(node);
    if (object) {
      const typeName = object.name ?? `${owner}${pascal(name)}`;
      return this.registry.register(typeName, this.object(object.members, typeName, object.doc));
    }
    if (ts.isTypeReferenceNode(node)) {
      const alias = this.declarations.aliases.get(node.typeName.getText());
      if (alias) return this.typeOf(alias, name, owner, description);
    }
    return any;
  }

  private arrayOf(item: ts.TypeNode, name: string, owner: string): TypeSpec {
    return { type: "array", items: this.typeOf(item, singular(name), owner) };
  }

  private literalType(node: ts.LiteralTypeNode): TypeSpec | undefined {
    if (ts.isStringLiteral(node.literal)) return { type: "string" };
    if (ts.isNumericLiteral(node.literal)) return { type: "number" };
    if (node.literal.kind === ts.SyntaxKind.TrueKeyword || node.literal.kind === ts.SyntaxKind.FalseKeyword) {
      return { type: "boolean" };
    }
    return undefined;
  }

  /** The members of a union, aliases it names spread, `undefined` and `null` left out. */
  private unionMembers(node: ts.TypeNode): ts.TypeNode[] {
    if (ts.isUnionTypeNode(node)) return node.types.flatMap((member) => this.unionMembers(member));
    if (ts.isTypeReferenceNode(node)) {
      const alias = this.declarations.aliases.get(node.typeName.getText());
      if (alias && ts.isUnionTypeNode(alias)) return this.unionMembers(alias);
    }
    const nothing =
      node.kind === ts.SyntaxKind.UndefinedKeyword ||
      (ts.isLiteralTypeNode(node) && node.literal.kind === ts.SyntaxKind.NullKeyword);
    return nothing ? [] : [node];
  }

  /** A union of string literals is an enum; another union is its one member, or Any. */
  private unionType(node: ts.UnionTypeNode, name: string, owner: string, description: string): TypeSpec {
    const members = this.unionMembers(node);
    const values = members.flatMap((member) =>
      ts.isLiteralTypeNode(member) && ts.isStringLiteral(member.literal) ? [member.literal.text] : [],
    );
    if (values.length > 0 && values.length === members.length) {
      return this.registry.register(`${owner}${pascal(name)}`, {
        type: "string",
        ...(description ? { description } : {}),
        enum: enumMembers(values, `${owner}${pascal(name)}`),
      });
    }
    const [only] = members;
    return members.length === 1 && only ? this.typeOf(only, name, owner, description) : any;
  }
}

/** The function's inputs: its parameters, or the members of its one object parameter; none without parameters. */
function inputsOf(lookup: SdkLookup, types: SdkTypes, owner: string): ObjectTypeSpec | undefined {
  const [only] = lookup.parameters;
  const filter = lookup.parameters.length === 1 && only ? types.membersOf(only.type) : undefined;
  if (filter) return types.object(filter.members, filter.name ?? owner);
  if (lookup.parameters.length === 0) return undefined;
  const properties: Record<string, PropertySpec> = {};
  for (const parameter of lookup.parameters) {
    const description = parameter.description;
    properties[parameter.name] = {
      ...types.typeOf(parameter.type, parameter.name, owner, description),
      ...(description ? { description } : {}),
    };
  }
  const required = lookup.parameters.filter((parameter) => !parameter.optional).map((parameter) => parameter.name);
  return { type: "object", properties, ...(required.length > 0 ? { required } : {}) };
}

/** The function's outputs: the answer's properties, or a list answer under its name. */
function outputsOf(lookup: SdkLookup, types: SdkTypes, owner: string): ObjectTypeSpec {
  const answer = lookup.answer;
  const isList =
    ts.isArrayTypeNode(answer) || (ts.isTypeReferenceNode(answer) && answer.typeName.getText() === "Array");
  if (isList) {
    const key = listKeyOf(lookup.name);
    return { type: "object", properties: { [key]: types.typeOf(answer, key, owner) }, required: [key] };
  }
  const object = types.membersOf(answer);
  if (!object) throw new Error(`sdk ${lookup.name}: its answer is neither an object type nor a list`);
  return types.object(object.members, object.name ?? owner);
}

/** A function per lookup the plugin serves, by token; every one must be an SDK lookup. */
export function functionSpecs(
  sdk: { lookups: Map<string, SdkLookup>; declarations: SdkDeclarations },
  registry: TypeRegistry,
): Record<string, FunctionSpec> {
  const types = new SdkTypes(sdk.declarations, registry);
  const specs: Record<string, FunctionSpec> = {};
  for (const name of Object.keys(lookupEntries).sort()) {
    const lookup = sdk.lookups.get(name);
    if (!lookup) throw new Error(`the plugin serves ${name}, which the TypeScript SDK does not export`);
    const owner = pascal(name.replace(/^get/, ""));
    const inputs = inputsOf(lookup, types, owner);
    specs[`streamkap:index:${name}`] = {
      description: lookup.description,
      ...(inputs ? { inputs } : {}),
      outputs: outputsOf(lookup, types, owner),
    };
  }
  return specs;
}
