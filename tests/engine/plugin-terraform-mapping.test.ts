/**
 * The running provider plugin (bin/pulumi-resource-streamkap) answers `GetMappings`/`GetMapping` as Pulumi's CLI
 * asks them for `pulumi convert --from terraform` (pkg/codegen/convert/base_plugin_mapper.go): over gRPC, through
 * Pulumi's own generated client, and the mapping's JSON is what pulumi-converter-terraform reads (bridge
 * `MarshallableProvider`): a `provider` object (a null one crashes the converter), tokens and field names.
 */
import { type ChildProcess, spawn } from "node:child_process";
import * as path from "node:path";

import * as grpc from "@grpc/grpc-js";

const provider = require("@pulumi/pulumi/proto/provider_pb");
const { ResourceProviderClient } = require("@pulumi/pulumi/proto/provider_grpc_pb");

const repoRoot = path.resolve(__dirname, "../../..");

interface GeneratedClient {
  getMappings(request: unknown, callback: (error: Error | null, response: unknown) => void): void;
  getMapping(request: unknown, callback: (error: Error | null, response: unknown) => void): void;
  close(): void;
}

let plugin: ChildProcess;
let client: GeneratedClient;

/** Starts the plugin as the engine does and resolves with the port it prints first. */
function startPlugin(): Promise<number> {
  plugin = spawn(path.join(repoRoot, "bin", "pulumi-resource-streamkap"), [], { stdio: ["ignore", "pipe", "pipe"] });
  let stderr = "";
  plugin.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = "";
    plugin.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = /^(\d+)\n/.exec(stdout);
      if (line) resolve(Number(line[1]));
    });
    plugin.on("exit", (code) => reject(new Error(`the plugin exited (${code}) before its port: ${stderr}`)));
  });
}

const call = <T>(method: "getMappings" | "getMapping", request: unknown): Promise<T> =>
  new Promise((resolve, reject) =>
    client[method](request, (error, response) => (error ? reject(error) : resolve(response as T))),
  );

function mappingsRequest(key: string): unknown {
  const request = new provider.GetMappingsRequest();
  request.setKey(key);
  return request;
}

function mappingRequest(key: string, wanted: string): unknown {
  const request = new provider.GetMappingRequest();
  request.setKey(key);
  request.setProvider(wanted);
  return request;
}

interface MappingResponse {
  getProvider(): string;
  getData_asU8(): Uint8Array;
}

beforeAll(async () => {
  const port = await startPlugin();
  client = new ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure()) as GeneratedClient;
});

afterAll(async () => {
  client?.close();
  if (plugin && plugin.exitCode === null && plugin.signalCode === null) {
    // Wait for it to go, so that no pipe of it outlives the test file.
    const exited = new Promise((resolve) => plugin.once("exit", resolve));
    plugin.kill();
    await exited;
  }
});

test("GetMappings names streamkap for the key terraform (and tf), and nothing for another key", async () => {
  const providers = async (key: string) =>
    (await call<{ getProvidersList(): string[] }>("getMappings", mappingsRequest(key))).getProvidersList();
  expect(await providers("terraform")).toEqual(["streamkap"]);
  expect(await providers("tf")).toEqual(["streamkap"]);
  expect(await providers("crossplane")).toEqual([]);
});

test("GetMapping answers the converter's JSON for streamkap (asked by name or not), and nothing for others", async () => {
  for (const wanted of ["streamkap", ""]) {
    const response = await call<MappingResponse>("getMapping", mappingRequest("terraform", wanted));
    // The CLI's mapper takes an answer only when it names the provider it looked up.
    expect(response.getProvider()).toBe("streamkap");
    const mapping = JSON.parse(Buffer.from(response.getData_asU8()).toString("utf8"));
    expect(mapping.provider).toEqual(expect.objectContaining({ resources: expect.any(Object) }));
    expect(mapping.resources.streamkap_source_postgresql.tok).toBe("streamkap:index:PostgresqlSource");
    expect(mapping.resources.streamkap_source_postgresql.fields.database_password).toEqual({
      name: "databasePassword",
    });
    // Terraform's `source` object, which the plugin's Pipeline takes as it is (read as `sourceId` and `topics`).
    expect(mapping.resources.streamkap_pipeline.fields.source).toEqual({ name: "source" });
    expect(mapping.resources.streamkap_tag.fields.type).toEqual({ name: "types" });
    expect(mapping.provider.resources.streamkap_tag.type).toEqual({
      type: 7,
      required: true,
      element: { schema: { type: 4 } },
    });
    expect(mapping.config.host).toEqual({ name: "endpoint" });
  }
  for (const [key, wanted] of [
    ["crossplane", ""],
    ["terraform", "aws"],
  ]) {
    const response = await call<MappingResponse>("getMapping", mappingRequest(key, wanted));
    expect([response.getProvider(), response.getData_asU8().length]).toEqual(["", 0]);
  }
});
