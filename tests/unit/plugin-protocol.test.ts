/**
 * The protocol subset the plugin declares (provider/protocol/messages.ts) against the definitions Pulumi
 * publishes, as @pulumi/pulumi's generated code reads and writes them: what the plugin encodes, Pulumi's code
 * decodes to the same values, and what Pulumi's code encodes (as the engine sends it) the plugin decodes. A wrong
 * field number or type fails here, not in a user's `pulumi up`.
 */
import { withoutTimeouts, withTimeout } from "../../provider/plugin/call-timeout";
import { diffResponse } from "../../provider/plugin/detailed-diff";
import { decode, encode } from "../../provider/protocol/messages";
import { resourceProvider } from "../../provider/protocol/resource-provider";
import { fromStruct, toStruct } from "../../provider/protocol/struct";

const provider = require("@pulumi/pulumi/proto/provider_pb");
const plugin = require("@pulumi/pulumi/proto/plugin_pb");
const { Struct } = require("google-protobuf/google/protobuf/struct_pb");

const properties = {
  name: "orders",
  port: 5432,
  ratio: 0.5,
  enabled: false,
  none: null,
  tags: ["a", "b", 3, null, { nested: true }],
  config: { "database.hostname": "db", deeper: { list: [] } },
  password: { "4dabf18193072939515e22adb298388d": "1b47061264138c4ac30d75fd1eb44270", value: "s3cret" },
};

test("a Struct goes to the wire and back unchanged, undefined keys left out as JSON leaves them", () => {
  const bytes = encode("pulumirpc.CreateResponse", {
    id: "x",
    properties: toStruct({ ...properties, gone: undefined }),
  });
  expect(fromStruct(decode("pulumirpc.CreateResponse", bytes).properties)).toEqual(properties);
  expect(Struct.fromJavaScript(properties).toJavaScript()).toEqual(
    fromStruct(decode("pulumirpc.CreateResponse", bytes).properties),
  );
});

test("what the plugin answers, Pulumi's code reads as meant", () => {
  const create = provider.CreateResponse.deserializeBinary(
    encode("pulumirpc.CreateResponse", { id: "src-1", properties: toStruct(properties) }),
  );
  expect([create.getId(), create.getProperties().toJavaScript()]).toEqual(["src-1", properties]);

  const diff = provider.DiffResponse.deserializeBinary(
    encode("pulumirpc.DiffResponse", {
      changes: 2,
      replaces: ["name"],
      deleteBeforeReplace: true,
      hasDetailedDiff: true,
      detailedDiff: { name: { kind: 5, inputDiff: true }, port: { kind: 4, inputDiff: true } },
    }),
  );
  expect(diff.getChanges()).toBe(provider.DiffResponse.DiffChanges.DIFF_SOME);
  expect(diff.getReplacesList()).toEqual(["name"]);
  expect(diff.getDeletebeforereplace()).toBe(true);
  expect(diff.getHasdetaileddiff()).toBe(true);
  expect(diff.getDetaileddiffMap().get("name").getKind()).toBe(provider.PropertyDiff.Kind.UPDATE_REPLACE);
  expect(diff.getDetaileddiffMap().get("port").getInputdiff()).toBe(true);

  const check = provider.CheckResponse.deserializeBinary(
    encode("pulumirpc.CheckResponse", { inputs: toStruct({ a: 1 }), failures: [{ property: "a", reason: "bad" }] }),
  );
  expect(check.getFailuresList().map((failure: { toObject(): unknown }) => failure.toObject())).toEqual([
    { property: "a", reason: "bad" },
  ]);

  const configure = provider.ConfigureResponse.deserializeBinary(
    encode("pulumirpc.ConfigureResponse", { acceptSecrets: true, acceptResources: true, acceptOutputs: true }),
  );
  expect([configure.getAcceptsecrets(), configure.getAcceptresources(), configure.getAcceptoutputs()]).toEqual([
    true,
    true,
    true,
  ]);
  expect(configure.getSupportspreview()).toBe(false);

  const read = provider.ReadResponse.deserializeBinary(
    encode("pulumirpc.ReadResponse", { id: "t", properties: toStruct({ a: 1 }), inputs: toStruct({ b: 2 }) }),
  );
  expect([read.getId(), read.getProperties().toJavaScript(), read.getInputs().toJavaScript()]).toEqual([
    "t",
    { a: 1 },
    { b: 2 },
  ]);

  const init = provider.ErrorResourceInitFailed.deserializeBinary(
    encode("pulumirpc.ErrorResourceInitFailed", { id: "i", properties: toStruct({ a: 1 }), reasons: ["late"] }),
  );
  expect([init.getId(), init.getProperties().toJavaScript(), init.getReasonsList()]).toEqual(["i", { a: 1 }, ["late"]]);

  const invoke = provider.InvokeResponse.deserializeBinary(
    encode("pulumirpc.InvokeResponse", { return: toStruct({ tags: [] }), failures: [] }),
  );
  expect(invoke.getReturn().toJavaScript()).toEqual({ tags: [] });
  expect(plugin.PluginInfo.deserializeBinary(encode("pulumirpc.PluginInfo", { version: "0.1.0" })).getVersion()).toBe(
    "0.1.0",
  );
});

test("what the engine sends, the plugin reads as meant", () => {
  const update = new provider.UpdateRequest();
  update.setId("p-1");
  update.setUrn("urn:pulumi:dev::app::streamkap:index:Pipeline::orders");
  update.setOlds(Struct.fromJavaScript({ a: 1 }));
  update.setNews(Struct.fromJavaScript(properties));
  update.setTimeout(90);
  update.setOldInputs(Struct.fromJavaScript({ b: "x" }));
  const decoded = decode("pulumirpc.UpdateRequest", Buffer.from(update.serializeBinary()));
  expect(decoded).toMatchObject({ id: "p-1", urn: update.getUrn(), timeout: 90 });
  expect([fromStruct(decoded.olds), fromStruct(decoded.news), fromStruct(decoded.oldInputs)]).toEqual([
    { a: 1 },
    properties,
    { b: "x" },
  ]);

  const configure = new provider.ConfigureRequest();
  configure.getVariablesMap().set("streamkap:config:clientId", "id-1");
  configure.setAcceptsecrets(true);
  expect(decode("pulumirpc.ConfigureRequest", Buffer.from(configure.serializeBinary()))).toMatchObject({
    variables: { "streamkap:config:clientId": "id-1" },
    acceptSecrets: true,
  });

  const del = new provider.DeleteRequest();
  del.setId("d");
  del.setUrn("u");
  del.setProperties(Struct.fromJavaScript({ a: 1 }));
  del.setTimeout(30);
  del.setOldInputs(Struct.fromJavaScript({ b: 2 }));
  const deleted = decode("pulumirpc.DeleteRequest", Buffer.from(del.serializeBinary()));
  expect([deleted.id, deleted.timeout, fromStruct(deleted.properties), fromStruct(deleted.oldInputs)]).toEqual([
    "d",
    30,
    { a: 1 },
    { b: 2 },
  ]);

  const read = new provider.ReadRequest();
  read.setId("r");
  read.setUrn("u");
  const imported = decode("pulumirpc.ReadRequest", Buffer.from(read.serializeBinary()));
  expect([imported.id, fromStruct(imported.properties)]).toEqual(["r", undefined]);

  const create = new provider.CreateRequest();
  create.setUrn("u");
  create.setProperties(Struct.fromJavaScript({ a: [1, 2] }));
  create.setTimeout(5);
  const created = decode("pulumirpc.CreateRequest", Buffer.from(create.serializeBinary()));
  expect([created.timeout, fromStruct(created.properties)]).toEqual([5, { a: [1, 2] }]);

  const check = new provider.CheckRequest();
  check.setUrn("u");
  check.setNews(Struct.fromJavaScript({ n: 1 }));
  check.setOlds(Struct.fromJavaScript({}));
  const checked = decode("pulumirpc.CheckRequest", Buffer.from(check.serializeBinary()));
  expect([checked.urn, fromStruct(checked.news), fromStruct(checked.olds)]).toEqual(["u", { n: 1 }, {}]);

  const invoke = new provider.InvokeRequest();
  invoke.setTok("streamkap:index:getTags");
  invoke.setArgs(Struct.fromJavaScript({ name: "x" }));
  const invoked = decode("pulumirpc.InvokeRequest", Buffer.from(invoke.serializeBinary()));
  expect([invoked.tok, fromStruct(invoked.args)]).toEqual(["streamkap:index:getTags", { name: "x" }]);

  const diff = new provider.DiffRequest();
  diff.setId("i");
  diff.setUrn("u");
  diff.setOlds(Struct.fromJavaScript({ o: 1 }));
  diff.setNews(Struct.fromJavaScript({ n: 1 }));
  diff.setOldInputs(Struct.fromJavaScript({ oi: 1 }));
  const diffed = decode("pulumirpc.DiffRequest", Buffer.from(diff.serializeBinary()));
  expect([fromStruct(diffed.olds), fromStruct(diffed.news), fromStruct(diffed.oldInputs)]).toEqual([
    { o: 1 },
    { n: 1 },
    { oi: 1 },
  ]);
});

test("the plugin's Diff answer, written with the protocol's enum names, reads as Pulumi's code means them", () => {
  const answer = provider.DiffResponse.deserializeBinary(
    encode(
      "pulumirpc.DiffResponse",
      diffResponse({ changes: true, replaces: ["name"], properties: { name: "update", port: "add" } }),
    ),
  );
  expect(answer.getChanges()).toBe(provider.DiffResponse.DiffChanges.DIFF_SOME);
  expect(answer.getDetaileddiffMap().get("name").getKind()).toBe(provider.PropertyDiff.Kind.UPDATE_REPLACE);
  expect(answer.getDetaileddiffMap().get("port").getKind()).toBe(provider.PropertyDiff.Kind.ADD);
  const none = provider.DiffResponse.deserializeBinary(
    encode("pulumirpc.DiffResponse", diffResponse({ changes: false })),
  );
  expect(none.getChanges()).toBe(provider.DiffResponse.DiffChanges.DIFF_NONE);
});

test("a request as a handler reads it: typed fields, proto3's empty values for absent ones, Structs as objects", () => {
  const update = new provider.UpdateRequest();
  update.setId("p-1");
  update.setUrn("u");
  update.setNews(Struct.fromJavaScript(properties));
  update.setTimeout(90);
  const read = (method: keyof typeof resourceProvider, bytes: Uint8Array) =>
    resourceProvider[method].request.parse(decode(resourceProvider[method].requestType, Buffer.from(bytes)));
  expect(read("Update", update.serializeBinary())).toEqual({
    id: "p-1",
    urn: "u",
    olds: undefined,
    news: properties,
    timeout: 90,
  });
  expect(read("Delete", new provider.DeleteRequest().serializeBinary())).toEqual({
    id: "",
    urn: "",
    properties: undefined,
    timeout: 0,
  });
  expect(read("Configure", new provider.ConfigureRequest().serializeBinary())).toEqual({ variables: {} });
});

test("an answer as a handler writes it: its Structs made at the boundary, as Pulumi's code reads them", () => {
  const answer = resourceProvider.Create.response.parse({ id: "src-1", properties });
  const create = provider.CreateResponse.deserializeBinary(encode("pulumirpc.CreateResponse", answer));
  expect([create.getId(), create.getProperties().toJavaScript()]).toEqual(["src-1", properties]);
  expect(() => resourceProvider.Diff.response.parse({ changes: "DIFF_MAYBE" })).toThrow();
});

test("the call's timeout reaches the runtime as `customTimeouts`, and leaves the outputs", () => {
  expect(withTimeout("update", 90, { a: 1 })).toEqual({ a: 1, customTimeouts: { update: "90s" } });
  expect(withTimeout("create", 0, { a: 1 })).toEqual({ a: 1 });
  expect(withoutTimeouts({ a: 1, customTimeouts: { delete: "5s" } })).toEqual({ a: 1 });
});
