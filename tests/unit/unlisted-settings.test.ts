/**
 * A generic connector's `config` key that the catalogue does not list is refused in preview (issue #30: a typo far
 * from every key used to pass silently), unless the program names it in `unlistedSettings`, the way to send a
 * setting the service added after this version. Typed connectors have no `config`, so no `unlistedSettings`.
 */
import { checkInputs } from "../../provider/engine/check";
import type { JsonObject } from "../../provider/engine/kind";
import { kindNamed } from "../../provider/kinds";

const postgres = {
  name: "orders-db",
  connector: "postgresql",
  config: {
    "database.hostname.user.defined": "db.internal.example.com",
    "database.user": "streamkap",
    "database.password": "unlisted-password",
    "database.dbname": "shop",
    "schema.include.list": "public",
    "table.include.list.user.defined": "public.orders",
  },
};
const check = (kind: string, inputs: JsonObject) => checkInputs(kindNamed(kind), undefined, inputs).failures;

test("a key far from every listed one is refused with the connector's settings and the way to send it anyway", () => {
  const failures = check("source", { ...postgres, config: { ...postgres.config, "vendor.tuning": "fast" } });
  expect(failures).toHaveLength(1);
  expect(failures[0]?.reason).toMatch(
    /^`config\["vendor\.tuning"\]` is not a setting of the postgresql source connector, whose settings are: .*database\.dbname.*name it in `unlistedSettings` to send it as written$/,
  );
});

test("a key named in unlistedSettings passes, and every other unlisted key is still refused", () => {
  const config = { ...postgres.config, "vendor.tuning": "fast", "vendor.other": "x" };
  const failures = check("source", { ...postgres, config, unlistedSettings: ["vendor.tuning"] });
  expect(failures.map((failure) => failure.reason)).toEqual([
    expect.stringMatching(/^`config\["vendor\.other"\]` is not a setting/),
  ]);
});

test("a typed connector takes no unlistedSettings", () => {
  const { config, connector, ...rest } = postgres;
  void config;
  void connector;
  const typed = {
    ...rest,
    databaseHostname: "db.internal.example.com",
    databaseUser: "streamkap",
    databasePassword: "unlisted-password",
    databaseDbname: "shop",
    schemaIncludeList: "public",
    tableIncludeList: "public.orders",
  };
  expect(check("source:postgresql", typed)).toEqual([]);
  expect(check("source:postgresql", { ...typed, unlistedSettings: ["x"] })[0]?.reason).toMatch(
    /`unlistedSettings` is not an input/,
  );
});
