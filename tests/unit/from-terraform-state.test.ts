/**
 * How `from-terraform` reads a Terraform state and sorts its instances (issue #40): addresses and names as
 * Terraform writes them, what it skips, and what stops it, in which case it writes nothing.
 */
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

import { runFromTerraformCommand } from "../../cli/from-terraform/command";
import { sameSetting } from "../../cli/from-terraform/differences";
import { planHandOver, resourceNameOf } from "../../cli/from-terraform/plan";
import { instancesOf, readState, stateFileOf } from "../../cli/from-terraform/state";
import { parseModulePath } from "../../cli/from-terraform/addresses";

const provider = 'provider["registry.terraform.io/streamkap-com/streamkap"]';

const tagAttributes = (id: string) => ({
  id,
  name: `tag-${id}`,
  description: null,
  type: ["sources"],
  system: false,
  custom: true,
});

/** A state file in a temporary directory, holding `resources`. */
function stateWith(resources: unknown[], version = 4): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tfstate-"));
  const file = path.join(dir, "terraform.tfstate");
  fs.writeFileSync(file, JSON.stringify({ version, terraform_version: "1.9.0", serial: 3, lineage: "x", resources }));
  return file;
}

test("addresses are Terraform's: count and for_each instances, modules and data sources", () => {
  const file = stateWith([
    {
      mode: "managed",
      type: "streamkap_tag",
      name: "env",
      provider,
      instances: [0, 1].map((n) => ({ index_key: n, attributes: tagAttributes(`t${n}`) })),
    },
    {
      mode: "managed",
      type: "streamkap_tag",
      name: "team",
      provider,
      instances: [{ index_key: "eu west", attributes: tagAttributes("t2") }],
    },
    {
      module: "module.app",
      mode: "managed",
      type: "streamkap_tag",
      name: "own",
      provider: `module.app.${provider}`,
      instances: [{ attributes: tagAttributes("t3") }],
    },
    { mode: "data", type: "streamkap_tags", name: "all", provider, instances: [{ attributes: {} }] },
  ]);
  const instances = instancesOf(readState(file));
  expect(instances.map((instance) => instance.address)).toEqual([
    "streamkap_tag.env[0]",
    "streamkap_tag.env[1]",
    'streamkap_tag.team["eu west"]',
    "module.app.streamkap_tag.own",
    "data.streamkap_tags.all",
  ]);
  const handOver = planHandOver(instances);
  expect(handOver.objects.map((object) => [object.resourceName, object.id])).toEqual([
    ["env-0", "t0"],
    ["env-1", "t1"],
    ["team-eu-west", "t2"],
    ["app-own", "t3"],
  ]);
  expect(handOver.skipped).toEqual([
    { address: "data.streamkap_tags.all", reason: "a data source: the program can read the same with a lookup" },
  ]);
  expect(handOver.problems).toEqual([]);
});

test("names from nested modules keep each module's name and instance key (F19)", () => {
  const modules = parseModulePath('module.app["eu"].module.store');
  expect(modules).toEqual([{ name: "app", key: "eu" }, { name: "store" }]);
  expect(resourceNameOf({ name: "db", modules: modules ?? [], indexKey: undefined })).toBe("app-eu-store-db");
  expect(resourceNameOf({ name: "orders", modules: [], indexKey: "a/b" })).toBe("orders-a-b");
});

test("an unknown type, an unknown attribute and a tainted instance are problems; a credential is known by client id", () => {
  const file = stateWith([
    { mode: "managed", type: "streamkap_gadget", name: "g", provider, instances: [{ attributes: { id: "1" } }] },
    {
      mode: "managed",
      type: "streamkap_tag",
      name: "odd",
      provider,
      instances: [{ attributes: { ...tagAttributes("t1"), colour: "red" } }],
    },
    {
      mode: "managed",
      type: "streamkap_client_credential",
      name: "ci",
      provider,
      instances: [{ attributes: { id: "", client_id: "c1" } }],
    },
    {
      mode: "managed",
      type: "streamkap_tag",
      name: "broken",
      provider,
      instances: [{ status: "tainted", attributes: tagAttributes("t2") }],
    },
    {
      mode: "managed",
      type: "random_id",
      name: "r",
      provider: 'provider["registry.terraform.io/hashicorp/random"]',
      instances: [{ attributes: { id: "x" } }],
    },
  ]);
  const handOver = planHandOver(instancesOf(readState(file)));
  expect(handOver.objects.map((object) => [object.instance.address, object.id])).toEqual([
    ["streamkap_client_credential.ci", "c1"],
  ]);
  expect(handOver.problems.map((problem) => problem.address)).toEqual([
    "streamkap_gadget.g",
    "streamkap_tag.odd",
    "streamkap_tag.broken",
  ]);
  expect(handOver.problems[1]?.problem).toContain("attributes this version does not know: colour");
  expect(handOver.problems[2]?.problem).toContain("tainted");
  expect(handOver.skipped).toEqual([{ address: "random_id.r", reason: "not a resource of the Streamkap provider" }]);
});

test("a problem stops the command before it reads the service or writes anything", async () => {
  const file = stateWith([
    { mode: "managed", type: "streamkap_gadget", name: "g", provider, instances: [{ attributes: { id: "1" } }] },
  ]);
  const out = path.join(path.dirname(file), "out");
  const run = runFromTerraformCommand([file, "--out", out], { stdout: () => {}, stderr: () => {}, env: {} });
  await expect(run).rejects.toMatchObject({
    code: "STREAMKAP_ERR_TERRAFORM_STATE",
    message: expect.stringContaining("streamkap_gadget.g: the resource type streamkap_gadget is not one"),
  });
  expect(fs.existsSync(out)).toBe(false);
});

test("a state of another format, a directory without a local state, and text that is not JSON are refused", () => {
  expect(() => readState(stateWith([], 3))).toThrow(/format version 3; only version 4 is read/);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "tfdir-"));
  expect(() => stateFileOf(dir)).toThrow(/terraform state pull > terraform.tfstate/);
  fs.writeFileSync(path.join(dir, "terraform.tfstate"), "{ not json");
  expect(stateFileOf(dir)).toBe(path.join(dir, "terraform.tfstate"));
  expect(() => readState(path.join(dir, "terraform.tfstate"))).toThrow(
    expect.objectContaining({ code: "STREAMKAP_ERR_TERRAFORM_STATE", message: expect.stringContaining("not JSON") }),
  );
});

test("a state the provider's v2.2.0 wrote plans whole: its v2 names map as their v3 counterparts do", () => {
  const file = path.resolve(__dirname, "../../../tests/fixtures/terraform/v2/terraform.tfstate");
  const handOver = planHandOver(instancesOf(readState(file)));
  expect(handOver.problems).toEqual([]);
  expect(handOver.objects).toHaveLength(5);
  const destination = handOver.objects.find((object) => object.instance.type === "streamkap_destination_postgresql");
  const v2Password = destination?.type.attributes.database_password;
  expect(destination?.instance.attributes.database_password).toBeDefined();
  expect(v2Password).toMatchObject({ retired: true, sensitive: true, apiKey: "connection.password" });
  expect(v2Password?.input).toBe(destination?.type.attributes.connection_password?.input);
});

test("a v2 boolean is the Yes or No the service holds for the same setting (MySQL's snapshot_gtid); other values as text", () => {
  expect(sameSetting(true, "Yes")).toBe(true);
  expect(sameSetting(false, "No")).toBe(true);
  expect(sameSetting(true, "No")).toBe(false);
  expect(sameSetting(false, "yes")).toBe(false);
  expect(sameSetting(5432, "5432")).toBe(true);
  expect(sameSetting(true, "true")).toBe(true);
  expect(sameSetting("Yes", "No")).toBe(false);
});
