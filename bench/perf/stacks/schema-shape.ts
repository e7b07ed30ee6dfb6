// What a generated SDK class knows of a resource's token, read from the installed package's schema.json: the
// property names it registers (every input and output, given or undefined) and which of them are secret. The
// plugin stack registers its resources with these keys, and so does its floor: the Node SDK's cost per resource
// grows with the properties registered (see bench/perf/analysis.md), which is Pulumi's cost for a schema of that
// shape, not the provider's. The schema is read once (about 1.3 MB, some 20 ms); a generated SDK has it compiled in.
import * as fs from "node:fs";
import * as path from "node:path";

interface SchemaResource {
  inputProperties?: Record<string, { secret?: boolean }>;
  properties?: Record<string, { secret?: boolean }>;
}
interface Schema {
  version?: string;
  resources: Record<string, SchemaResource>;
}

const schema = JSON.parse(
  fs.readFileSync(path.join(path.dirname(require.resolve("pulumi-streamkap/package.json")), "schema.json"), "utf8"),
) as Schema;

/** The package version a generated SDK registers its resources with. */
export const schemaVersion: string | undefined = schema.version;

/** A token's property names and which of them are secret. */
export interface Shape {
  keys: string[];
  secrets: string[];
}
const shapes = new Map<string, Shape>();

/** The shape of `streamkap:index:<kind>`. */
export function shapeOf(kind: string): Shape {
  const token = `streamkap:index:${kind}`;
  let shape = shapes.get(token);
  if (shape === undefined) {
    const resource = schema.resources[token];
    if (resource === undefined) throw new Error(`schema.json has no resource ${token}`);
    const all = { ...resource.properties, ...resource.inputProperties };
    shape = {
      keys: Object.keys(all),
      secrets: Object.entries(all)
        .filter(([, property]) => property.secret === true)
        .map(([key]) => key),
    };
    shapes.set(token, shape);
  }
  return shape;
}

/** The properties a generated class of `kind` registers for `args`: every key of its shape, given or undefined. */
export function registeredProperties(kind: string, args: Record<string, unknown>): Record<string, unknown> {
  const { keys } = shapeOf(kind);
  const props: Record<string, unknown> = {};
  for (const key of keys) props[key] = args[key];
  for (const key of Object.keys(args)) {
    if (!keys.includes(key)) throw new Error(`streamkap:index:${kind} has no input '${key}'`);
  }
  return props;
}
