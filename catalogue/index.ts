import { z } from "zod";

import connectorsJson from "./connectors.json";
import { displayName, pascalName } from "./naming";

/**
 * The connector catalogue, the one every part of the house reads: for each connector and transform code, its
 * settings with key, type, default, allowed values, range, and whether the setting is required, secret or forces
 * a new connector. `connectors.json` is a copy of the API's published connector facts (shared/spec/connectors.json),
 * brought up to date by `npm run sync-catalogue`.
 *
 * The provider's checks, the SDK generator and `export` read it; so does the local server, as data only (it keeps
 * its own validation and stays an independent imitation of the service). It is parsed once, on first use.
 */

export type ConnectorKind = "source" | "destination" | "transform";

/** `json` covers the catalogue's nested maps, objects and untyped keys: any JSON value fits. */
export type SettingType = "string" | "integer" | "boolean" | "string[]" | "json";

export type SettingValue = string | number | boolean;

/** One setting of a connector, one per dotted key (see {@link mergeEntries} for keys listed twice). */
export interface CatalogueSetting {
  /** The catalogue's camelCase name, e.g. `databasePort`. */
  name: string;
  /** The dotted config key on the wire, e.g. `database.port.user.defined`. */
  key: string;
  type: SettingType;
  /** Required and without a default: the service refuses the connector without it. */
  required: boolean;
  secret: boolean;
  forcesReplace: boolean;
  /** What the service uses when the key is not sent. */
  default?: SettingValue;
  enum?: readonly string[];
  /** `[min, max]`, inclusive. */
  range?: readonly [number, number];
  /**
   * The range is not published but fixed by the key's meaning (every `…port` key is a TCP port): the provider
   * checks and documents it; the local server, imitating the service, does not enforce it.
   */
  rangeImplied?: true;
}

export interface CatalogueConnector {
  kind: ConnectorKind;
  code: string;
  /** How the Streamkap console names it: `PostgreSQL`, `SQL Server (AWS RDS)`. */
  displayName: string;
  /** The PascalCase word the SDK's classes are named from: `Postgresql`, `SqlServerAws`. */
  pascalName: string;
  /** In catalogue order. */
  settings: readonly CatalogueSetting[];
  settingsByKey: ReadonlyMap<string, CatalogueSetting>;
}

const entrySchema = z.looseObject({
  field: z.string(),
  key: z.string(),
  type: z.string().nullish(),
  required: z.boolean().optional(),
  secret: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean()]).optional(),
  enum: z.array(z.string()).optional(),
  range: z.string().optional(),
  forcesReplace: z.boolean().optional(),
});
/** One entry as `connectors.json` lists it. */
export type CatalogueEntry = z.infer<typeof entrySchema>;

const fileSchema = z.object({
  connectors: z.array(
    z.looseObject({
      kind: z.enum(["source", "destination", "transform"]),
      code: z.string(),
      fields: z.array(entrySchema),
    }),
  ),
});

/**
 * The transform types: api.md's enum plus the codes the catalogue adds (`rollup`, `topic_router`). Not every
 * type has a catalogue entry (`toast_handling`, `un_nesting` have none).
 */
export const transformTypes = [
  "fan_out",
  "sql_join",
  "enrich",
  "enrich_async",
  "map_filter",
  "toast_handling",
  "un_nesting",
  "rollup",
  "topic_router",
] as const;
export type TransformType = (typeof transformTypes)[number];

/**
 * Settings the shared catalogue still lists but the service no longer takes, by `<kind>:<code>` and key, each with
 * its evidence. They are left out of every connector (no typed input, no documentation); a program that sets one
 * is told to remove it (see {@link withdrawnSetting}).
 */
const withdrawnSettings: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  // The same CHANGELOG entry: "… and `streamkap_snapshot_custom_table_config` (postgresql)". The catalogue no
  // longer lists either for PostgreSQL; they are named here so a program that sets one is told why.
  "source:postgresql": {
    "streamkap.snapshot.large.table.threshold": "the service dropped it (Terraform provider 3.0.0-beta.22)",
    "streamkap.snapshot.custom.table.config.user.defined": "the service dropped it (Terraform provider 3.0.0-beta.22)",
  },
  "source:sqlserveraws": {
    // TF CHANGELOG 3.0.0-beta.22: "The backend dropped `streamkap_snapshot_large_table_threshold` (postgresql,
    // sqlserveraws) … configurations setting these must remove them."
    "streamkap.snapshot.large.table.threshold": "the service dropped it (Terraform provider 3.0.0-beta.22)",
  },
};

/** Why a setting the service no longer takes was withdrawn; undefined for any other key. */
export function withdrawnSetting(kind: ConnectorKind, code: string, key: string): string | undefined {
  return withdrawnSettings[`${kind}:${code}`]?.[key];
}

/**
 * Settings the service takes that the shared catalogue does not list yet, by `<kind>:<code>`, each with its
 * evidence. They are added after the catalogue's own entries, so they type, check and document like any other.
 */
const addedSettings: Readonly<Record<string, readonly CatalogueEntry[]>> = {
  "transform:topic_router": [
    // TF internal/generated/transform_topic_router.go (v3.0.0-beta.13 on): `kc_cluster_id` is the config key
    // `kc.cluster.id`, "KC cluster to deploy the connector to. Leave empty for default cluster."
    { field: "kcClusterId", key: "kc.cluster.id", type: "string" },
  ],
};

let loaded: { all: CatalogueConnector[]; byKind: Map<ConnectorKind, Map<string, CatalogueConnector>> } | undefined;

function load(): NonNullable<typeof loaded> {
  if (loaded) return loaded;
  const all = fileSchema.parse(connectorsJson).connectors.map((raw): CatalogueConnector => {
    const settings = mergeEntries([
      ...raw.fields.filter((entry) => withdrawnSetting(raw.kind, raw.code, entry.key) === undefined),
      ...(addedSettings[`${raw.kind}:${raw.code}`] ?? []),
    ]);
    return {
      kind: raw.kind,
      code: raw.code,
      displayName: displayName(raw.code),
      pascalName: pascalName(raw.code),
      settings,
      settingsByKey: new Map(settings.map((setting) => [setting.key, setting])),
    };
  });
  const byKind = new Map<ConnectorKind, Map<string, CatalogueConnector>>();
  for (const connector of all) {
    const byCode = byKind.get(connector.kind) ?? new Map<string, CatalogueConnector>();
    byKind.set(connector.kind, byCode.set(connector.code, connector));
  }
  loaded = { all, byKind };
  return loaded;
}

/** Every connector and transform, in catalogue order. */
export function catalogue(): readonly CatalogueConnector[] {
  return load().all;
}

export function findConnector(kind: ConnectorKind, code: string): CatalogueConnector | undefined {
  return load().byKind.get(kind)?.get(code);
}

/** The codes of one kind, sorted. */
export function connectorCodes(kind: ConnectorKind): string[] {
  return [...(load().byKind.get(kind)?.keys() ?? [])].sort();
}

/**
 * The one rule for a key the catalogue lists more than once (37 keys today: a typed entry and, further down, an
 * untyped alias under an older name). One setting per key, in the order of its first entry: its name and type
 * are the first typed entry's; it is required, secret or replace-forcing when any entry says so; its default,
 * allowed values and range are the first entry's that has them.
 */
export function mergeEntries(entries: readonly CatalogueEntry[]): CatalogueSetting[] {
  const byKey = new Map<string, CatalogueEntry[]>();
  for (const entry of entries) byKey.set(entry.key, [...(byKey.get(entry.key) ?? []), entry]);
  return [...byKey.values()].map((group) => {
    const named = group.find((entry) => entry.type != null) ?? group[0];
    const first = <T>(pick: (entry: CatalogueEntry) => T | undefined): T | undefined =>
      group.map(pick).find((value) => value !== undefined);
    const defaultValue = first((entry) => entry.default);
    const allowed = first((entry) => (entry.enum?.length ? entry.enum : undefined));
    const published = parseRange(first((entry) => entry.range));
    const implied = published ? undefined : impliedRange(named.key);
    const type = settingType(named.type);
    return {
      name: named.field,
      key: named.key,
      type,
      required: group.some((entry) => entry.required === true) && defaultValue === undefined,
      secret: group.some((entry) => entry.secret === true),
      forcesReplace: group.some((entry) => entry.forcesReplace === true),
      ...(defaultValue === undefined ? {} : { default: defaultValue }),
      ...(allowed ? { enum: allowed } : {}),
      ...(published ? { range: published } : {}),
      ...(implied && type === "integer" ? { range: implied, rangeImplied: true as const } : {}),
    };
  });
}

function settingType(type: string | null | undefined): SettingType {
  return type === "string" || type === "integer" || type === "boolean" || type === "string[]" ? type : "json";
}

/** `[min, max]` from a range such as "1, 100000". */
function parseRange(range: string | undefined): [number, number] | undefined {
  const parts = range?.split(",").map((part) => Number(part.trim()));
  return parts && parts.length === 2 && parts.every(Number.isFinite) ? [parts[0], parts[1]] : undefined;
}

/** Every `…port` key (`database.port.user.defined`, `ssh.port`, …) is a TCP port. */
function impliedRange(key: string): [number, number] | undefined {
  return /(^|\.)port(\.user\.defined)?$/.test(key) ? [1, 65_535] : undefined;
}
