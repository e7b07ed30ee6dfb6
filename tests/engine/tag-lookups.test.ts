/**
 * The lookup functions inside a real Pulumi program: they read what the web console (here, direct API calls)
 * made, with the stack's own Streamkap config, and name what is missing.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";

let server: LocalServer;
let api: ServiceApi;

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 100 });
  api = new ServiceApi(server);
});

afterAll(async () => {
  await server?.close();
});

const postgres = (name: string, tables: string, tags: string[]) =>
  api.request<{ id: string }>("POST", "/sources", {
    name,
    connector: "postgresql",
    created_from: "web",
    tags,
    config: {
      "database.hostname.user.defined": "db.internal.example.com",
      "database.user": "streamkap",
      "database.password": "console-password-3b9d",
      "database.dbname": "shop",
      "schema.include.list": "public",
      "table.include.list.user.defined": tables,
    },
  });

test("lookups find sources, tags and topics made outside the stack, filtered as asked", async () => {
  const tag = await api.request<{ id: string }>("POST", "/tags", {
    name: "prod-eu",
    type: ["sources"],
    created_from: "web",
  });
  const orders = await postgres("orders-db-console", "public.orders,public.customers", [tag.id]);
  await postgres("inventory-db", "public.items", []);
  const topicId = `source_${orders.id}.public.orders`;

  const project = await TestProject.create("tag", server, {
    mode: "lookups",
    sourceId: orders.id,
    topicId,
    tagId: tag.id,
  });
  try {
    server.resetStats();
    const preview = await project.preview();
    expect(preview.result.changeSummary).toEqual({ create: 1 }); // the stack only: lookups create nothing
    const calls = server.stats().calls.map((call) => `${call.method} ${call.path}`);
    expect(calls).toContain(`GET /sources/${orders.id}`);

    const result = await project.up();
    expect(result.outputs.found.value).toEqual({
      source: {
        id: orders.id,
        name: "orders-db-console",
        connector: "postgresql",
        topics: ["public.orders", "public.customers"],
      },
      taggedNames: ["orders-db-console"],
      postgresNames: ["orders-db-console"],
      development: [{ name: "Development", system: true }],
      topic: { id: topicId, name: "public.orders" },
      topicIds: [`source_${orders.id}.public.customers`, topicId],
      destinations: 0,
      missing: expect.stringContaining("getSource: source no-such-source does not exist on the service"),
    });
  } finally {
    project.dispose();
  }
});
