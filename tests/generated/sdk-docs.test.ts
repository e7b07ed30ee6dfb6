/**
 * The hand-written SDK's documentation, counted: every optional argument says its `@default` (what happens when
 * it is left out), and every output a class declares says what it holds. The generated classes get theirs from
 * the catalogue (tests/generated/up-to-date.test.ts).
 */
import * as fs from "node:fs";
import * as path from "node:path";

import * as ts from "typescript";

const sdkDir = path.resolve(__dirname, "../../../sdk");

/** `file Interface.member: what is missing` for every gap in one hand-written file. */
function gapsIn(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const gaps: string[] = [];
  const docsOf = (node: ts.Node) =>
    ts
      .getJSDocCommentsAndTags(node)
      .map((doc) => doc.getText())
      .join("\n");
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text.endsWith("Args")) {
      for (const member of node.members) {
        if (ts.isPropertySignature(member) && member.questionToken && !/@default/.test(docsOf(member))) {
          gaps.push(`${path.basename(file)} ${node.name.text}.${member.name.getText()}: no @default`);
        }
      }
    }
    if (ts.isClassDeclaration(node) && node.name) {
      for (const member of node.members) {
        const declared = ts.canHaveModifiers(member)
          ? ts.getModifiers(member)?.some((modifier) => modifier.kind === ts.SyntaxKind.DeclareKeyword)
          : false;
        if (ts.isPropertyDeclaration(member) && declared && docsOf(member).trim() === "") {
          gaps.push(`${path.basename(file)} ${node.name.text}.${member.name.getText()}: output undocumented`);
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return gaps;
}

test("every optional hand-written argument has a @default and every output a description", () => {
  const files = fs
    .readdirSync(sdkDir)
    .filter((name) => name.endsWith(".ts"))
    .map((name) => path.join(sdkDir, name));
  expect(files.length).toBeGreaterThan(5);
  expect(files.flatMap(gapsIn)).toEqual([]);
});
