// A pipeline whose delete was accepted no longer holds its source and destination, whatever `wait` said. The
// official Terraform provider deletes the pipeline with `wait=false` (TF develop internal/api/pipeline.go:198-217)
// and its connectors moments later, also with `wait=false` (internal/api/source.go:183-202); its nightly
// acceptance tests against the real service (.github/workflows/acceptance.yml) create and destroy all three in one
// run, which passes only if the service lets the connectors go. The server's delete delay is long here, so the
// pipeline is certainly still being deleted when its connectors' deletes arrive: nothing depends on timing.
import { Client, createDestination, createSource, startWithClient } from "./helpers";
import type { LocalServer } from "../../server";

let server: LocalServer;
let client: Client;
beforeAll(async () => ({ server, client } = await startWithClient({ deleteDelayMs: 600_000 })));
afterAll(() => server.close());

async function pipeline(prefix: string) {
  const source = await createSource(client, `${prefix}-src`);
  const destination = await createDestination(client, `${prefix}-dst`);
  const made = await client.post("/pipelines?secret_returned=true&wait=false", {
    name: `${prefix}-pipe`,
    source: { id: source.id, name: source.name, connector: "postgresql", topics: ["public.orders"] },
    destination: { id: destination.id, name: destination.name, connector: "postgresql" },
    snapshot_new_tables: true,
  });
  expect(made.status).toBe(200);
  return { source: source.id as string, destination: destination.id as string, pipeline: made.body.id as string };
}

test("a live pipeline still holds its connectors: 409", async () => {
  const ids = await pipeline("held");
  const refused = await client.del(`/sources/${ids.source}?secret_returned=true&wait=false`);
  expect(refused.status).toBe(409);
  expect(refused.body.detail).toContain("used by pipeline");
});

test("after DELETE /pipelines/{id}?wait=false, the source and destination delete at once (as TF destroys)", async () => {
  const ids = await pipeline("tf");
  expect((await client.del(`/pipelines/${ids.pipeline}?secret_returned=true&wait=false`)).status).toBe(200);
  // The pipeline is still being deleted (the delay is ten minutes) ...
  expect((await client.get(`/pipelines/${ids.pipeline}`)).body.result).toHaveLength(1);
  // ... and its connectors are free already.
  expect((await client.del(`/sources/${ids.source}?secret_returned=true&wait=false`)).status).toBe(200);
  expect((await client.del(`/destinations/${ids.destination}?secret_returned=true&wait=false`)).status).toBe(200);
});

test("the bulk delete of connectors is free too once their pipeline's delete is accepted", async () => {
  const ids = await pipeline("bulk");
  const held = await client.call("DELETE", "/sources/bulk/delete", { ids: [ids.source] });
  expect(held.status).toBe(409);
  expect((await client.del(`/pipelines/${ids.pipeline}?wait=false`)).status).toBe(200);
  expect((await client.call("DELETE", "/sources/bulk/delete", { ids: [ids.source] })).status).toBe(200);
  expect((await client.call("DELETE", "/destinations/bulk/delete", { ids: [ids.destination] })).status).toBe(200);
});
