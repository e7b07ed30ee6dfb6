import { z } from "zod";

import connectorsJson from "./connectors.json";

/**
 * The connector catalogue: for each connector code, its config keys with type, default, allowed values, range,
 * and whether the key is required, secret or forces a new connector. A copy of the API's published connector
 * facts (shared/spec/connectors.json), refreshed by `npm run gen`.
 */
const fieldSchema = z.looseObject({
  field: z.string(),
  key: z.string(),
  type: z.string().nullish(),
  required: z.boolean().optional(),
  secret: z.boolean().optional(),
  default: z.unknown().optional(),
  enum: z.array(z.string()).optional(),
  range: z.string().optional(),
  forcesReplace: z.boolean().optional(),
});
export type CatalogueField = z.infer<typeof fieldSchema>;

const connectorSchema = z.looseObject({
  kind: z.enum(["source", "destination", "transform"]),
  code: z.string(),
  fields: z.array(fieldSchema),
});
export type CatalogueConnector = z.infer<typeof connectorSchema>;
export type ConnectorKind = CatalogueConnector["kind"];

let loaded: CatalogueConnector[] | undefined;

export function catalogue(): CatalogueConnector[] {
  loaded ??= z.object({ connectors: z.array(connectorSchema) }).parse(connectorsJson).connectors;
  return loaded;
}

export function findConnector(kind: ConnectorKind, code: string): CatalogueConnector | undefined {
  return catalogue().find((connector) => connector.kind === kind && connector.code === code);
}

/** `[min, max]` from a range such as "1, 100000". */
export function parseRange(range: string | undefined): [number, number] | undefined {
  const parts = range?.split(",").map((part) => Number(part.trim()));
  return parts && parts.length === 2 && parts.every(Number.isFinite) ? [parts[0], parts[1]] : undefined;
}
