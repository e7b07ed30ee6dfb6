/** Program models for the exporter's writers (TypeScript, YAML, PCL) to render in unit tests. */
import type { Declaration, ProgramModel } from "../../cli/export/model";

/** One resource of the program: its variable, class (without `streamkap.`), resource name and inputs. */
export function declaration(
  variable: string,
  className: string,
  resourceName: string,
  entries: Declaration["entries"],
  options?: Declaration["options"],
): Declaration {
  return {
    kind: "source",
    comments: [],
    variable,
    className: `streamkap.${className}`,
    resourceName,
    entries,
    options,
  };
}

/** A program of these declarations, with nothing left out. */
export function programOf(declarations: Declaration[], usesSystemTags = false): ProgramModel {
  return { declarations, leftOut: [], secrets: [], usesSystemTags, warnings: [] };
}
