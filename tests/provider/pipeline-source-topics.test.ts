/**
 * A pipeline that names no topics takes every topic of its source. When the source was created in the same run
 * (through the same provider process), its answer already listed them: the pipeline's create is its one POST,
 * with no second read of the source. A source this process has not seen is read, as before. Through the runtime
 * both faces share, against the local API server, counting the calls it receives.
 */
import { check, create } from "../../provider/runtime";
import { ServiceApi } from "../harness/api";
import { runtimeAgainstLocalServer } from "../harness/runtime-server";

const world = runtimeAgainstLocalServer();

interface PipelineAnswer {
  source: { id: string; topics: string[] };
}

/** Creates what `news` declares, checked first as the engine does. */
async function declared(kind: string, news: Record<string, unknown>): Promise<string> {
  const checked = await check(kind, {}, news);
  expect(checked.failures).toEqual([]);
  return (await create(kind, checked.inputs)).id;
}

const postgres = (name: string) => ({
  name,
  databaseHostname: "db.internal",
  databaseUser: "streamkap",
  databasePassword: "pw-0c41",
  databaseDbname: "shop",
  schemaIncludeList: "public",
  tableIncludeList: "public.orders,public.customers",
});

const destination = (name: string) =>
  declared("destination:snowflake", {
    name,
    snowflakeUrlName: "acme.snowflakecomputing.com",
    snowflakeUserName: "STREAMKAP",
    snowflakePrivateKey: "key-7d1e",
    snowflakeDatabaseName: "ANALYTICS",
    snowflakeSchemaName: "RAW",
  });

/** One object as the service answers `GET /<collection>/{id}`: in a `result` list. */
async function one<T>(path: string): Promise<T> {
  const answer = await new ServiceApi(world.server).request<{ result: T[] }>("GET", path);
  return answer.result[0];
}

const sourceCalls = (id: string) =>
  world.server
    .stats()
    .calls.filter((call) => call.path.startsWith(`/sources/${id}`))
    .map((call) => `${call.method} ${call.path}`);

test("a source created in this run gives its topics to a pipeline that names none, with no second read", async () => {
  const sourceId = await declared("source:postgresql", postgres("orders-db"));
  const destinationId = await destination("warehouse");
  world.server.resetStats();
  const pipelineId = await declared("pipeline", { name: "orders-to-warehouse", sourceId, destinationId });

  expect(sourceCalls(sourceId)).toEqual([]);
  const [source, pipeline] = await Promise.all([
    one<{ topics: string[] }>(`/sources/${sourceId}`),
    one<PipelineAnswer>(`/pipelines/${pipelineId}`),
  ]);
  expect(source.topics.length).toBeGreaterThan(0);
  expect([...pipeline.source.topics].sort()).toEqual([...source.topics].sort());
});

test("a source this process has not seen is read for its topics", async () => {
  const api = new ServiceApi(world.server);
  const made = await api.request<{ id: string; topics: string[] }>("POST", "/sources", {
    name: "billing-db",
    connector: "postgresql",
    config: {
      "database.hostname.user.defined": "db.internal",
      "database.port.user.defined": "5432",
      "database.user": "streamkap",
      "database.password": "pw-9a2c",
      "database.dbname": "billing",
      "schema.include.list": "public",
      "table.include.list.user.defined": "public.invoices",
    },
    created_from: "api",
  });
  const destinationId = await destination("ledger");
  world.server.resetStats();
  const pipelineId = await declared("pipeline", { name: "billing-to-ledger", sourceId: made.id, destinationId });

  expect(sourceCalls(made.id)).toEqual([`GET /sources/${made.id}`]);
  const pipeline = await one<PipelineAnswer>(`/pipelines/${pipelineId}`);
  expect(pipeline.source.topics).toEqual(["public.invoices"]);
});

test("a source whose answer listed no topics (`topics: []`) is read again: an empty list is not known", async () => {
  const sourceId = await declared("source:s3", { name: "landing-files", awsS3BucketName: "landing" });
  const destinationId = await destination("lake");
  const api = new ServiceApi(world.server);
  const created = await one<{ name: string; topics: string[]; config: Record<string, unknown> }>(
    `/sources/${sourceId}?secret_returned=true`,
  );
  expect(created.topics).toEqual([]);
  // Its topics appear after the create answered (the service lists a new source's topics once it has found them).
  await api.request("PUT", `/sources/${sourceId}`, {
    name: created.name,
    connector: "s3",
    config: { ...created.config, "topic.include.list.user.defined": "orders" },
  });
  const source = await one<{ topics: string[] }>(`/sources/${sourceId}`);
  expect(source.topics.length).toBeGreaterThan(0);
  world.server.resetStats();
  const pipelineId = await declared("pipeline", { name: "files-to-lake", sourceId, destinationId });

  expect(sourceCalls(sourceId)).toEqual([`GET /sources/${sourceId}`]);
  const pipeline = await one<PipelineAnswer>(`/pipelines/${pipelineId}`);
  expect(pipeline.source.topics).toEqual(source.topics);
});
