/**
 * One change to the Node.js SDK Pulumi's generator writes (issue #31): each resource class registers with stack
 * traces off. Pulumi's Node SDK records a stack trace for each of four promises per property of every resource
 * (for its promise-leak report, @pulumi/pulumi runtime/debuggable.js), formatted through source-map-support; a
 * generated class registers every property of the schema (73 for PostgresqlSource), so at 500 resources those
 * traces were more than half of the program's CPU, twice the dynamic classes' (which do the same in
 * sdk/resource.ts). The leak report still names each promise's resource and property.
 */
import * as fs from "node:fs";
import * as path from "node:path";

/** The generator's registration line in a resource class's constructor, with its indentation. */
const registration = /^( *)super\((\w+)\.__pulumiType, name, resourceInputs, opts\);$/m;

/** The constructor's last statement with stack traces off while it runs. */
export function quietRegistration(source: string): string {
  if (source.includes("Error.stackTraceLimit = 0;")) return source; // already quiet
  return source.replace(registration, (line, indent: string) =>
    [
      `${indent}// Stack traces off while registering: Pulumi records one per promise, four per property.`,
      `${indent}const stackTraceLimit = Error.stackTraceLimit;`,
      `${indent}Error.stackTraceLimit = 0;`,
      `${indent}try {`,
      `${indent}    ${line.trim()}`,
      `${indent}} finally {`,
      `${indent}    Error.stackTraceLimit = stackTraceLimit;`,
      `${indent}}`,
    ].join("\n"),
  );
}

/** Rewrites every resource class of the Node.js SDK in `dir`; answers how many it rewrote. */
export function quietNodeRegistrations(dir: string): number {
  let rewritten = 0;
  for (const file of fs.readdirSync(dir, { recursive: true }) as string[]) {
    if (!file.endsWith(".ts") || file.endsWith(".d.ts")) continue;
    const full = path.join(dir, file);
    const source = fs.readFileSync(full, "utf8");
    const quiet = quietRegistration(source);
    if (quiet === source) continue;
    fs.writeFileSync(full, quiet);
    rewritten++;
  }
  return rewritten;
}
