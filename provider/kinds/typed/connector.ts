import type { ConnectorRecord } from "../../client/responses";
import type { JsonObject, KindDescription } from "../../engine/kind";
import { type ConnectorInputs, connectorInputsSchema, connectorKind } from "../connector";
import { type TypedConnectorKind, typedFields } from "./fields";
import { typedView } from "./view";

/**
 * A typed connector kind, e.g. `source:postgresql`: the generic source or destination ({@link connectorKind}) with
 * one camelCase input per catalogue setting (`databasePort`) instead of the `connector` code and the dotted
 * `config` map (see {@link typedView}).
 *
 * Catalogue defaults are not written into the inputs: the service applies them, and a preview listing dozens of
 * defaults would hide the settings the program chose.
 */
export function typedConnectorKind(
  kind: TypedConnectorKind,
  code: string,
): KindDescription<JsonObject, ConnectorRecord> | undefined {
  const fields = typedFields(kind, code);
  if (!fields) return undefined;
  return typedView<ConnectorInputs, ConnectorRecord>({
    generic: connectorKind(kind),
    noun: `${code} ${kind}`,
    // Everything the generic connector takes except `connector` and `config` (and the config's `unlistedSettings`),
    // so common inputs added there (name, state, tags, triggers…) reach every typed connector without a change here.
    baseSchema: connectorInputsSchema.omit({ connector: true, config: true, unlistedSettings: true }),
    settings: fields,
    fixed: { connector: code },
    emptyConfig: true,
  });
}
