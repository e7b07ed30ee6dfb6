/**
 * The objects a server-shape case needs, made through the local server's API with the real request forms (the
 * bodies the reference client sends), so a server that refuses a real request fails here, in plain sight.
 */
import type { LocalServer } from "../../server";
import { type Answer, Client, eventually, token } from "../server/helpers";
import type { Json, SetupName } from "./fixtures/types";

/** Values a case's path and body refer to as `{name}`. */
export type Placeholders = Record<string, string>;

async function ok(what: string, answer: Promise<Answer>): Promise<Json> {
  const { status, body } = await answer;
  if (status < 200 || status >= 300) {
    throw new Error(`setup: ${what} answered ${status}: ${JSON.stringify(body)}`);
  }
  return body as Json;
}

const idOf = (body: Json): string => String((body as { id?: unknown }).id);

/** TF internal/api/source.go:40-73: POST /sources?secret_returned=true&wait=false, `created_from` added. */
async function createSource(client: Client, name: string, connector: string, config: Json): Promise<string> {
  const path = "/sources?secret_returned=true&wait=false";
  return idOf(await ok(`POST ${path}`, client.post(path, { name, connector, config, created_from: "api" })));
}

const postgresSourceConfig = {
  "database.hostname.user.defined": "db.example.com",
  "database.port.user.defined": "5432",
  "database.user": "streamkap",
  "database.password": "contract-password",
  "database.dbname": "app",
  "schema.include.list": "public",
  "table.include.list.user.defined": "public.orders,public.customers",
};

export class Setups {
  private readonly done = new Map<SetupName, Promise<Placeholders>>();
  private client?: Client;
  private refreshToken = "";

  constructor(private readonly server: LocalServer) {}

  /** Each setup runs once per suite; cases that name the same setup share its objects. */
  run(name: SetupName): Promise<Placeholders> {
    let result = this.done.get(name);
    if (!result) {
      result = this.make(name);
      this.done.set(name, result);
    }
    return result;
  }

  private async api(): Promise<Client> {
    if (!this.client) {
      const login = await ok(
        "POST /auth/access-token",
        new Client(this.server.baseUrl, "").post("/auth/access-token", {
          client_id: this.server.clientId,
          secret: this.server.secret,
        }),
      );
      this.refreshToken = String((login as { refreshToken?: unknown }).refreshToken);
      this.client = new Client(this.server.baseUrl, await token(this.server, this.server.clientId, this.server.secret));
    }
    return this.client;
  }

  private async make(name: SetupName): Promise<Placeholders> {
    const client = await this.api();
    switch (name) {
      case "none": {
        const roles = (await ok("GET /auth/roles", client.get("/auth/roles"))) as Array<{ id: string }>;
        return {
          clientId: this.server.clientId,
          secret: this.server.secret,
          refreshToken: this.refreshToken,
          roleId: roles[0]?.id ?? "",
        };
      }
      case "source": {
        const sourceName = "contract-source";
        const sourceId = await createSource(client, sourceName, "postgresql", postgresSourceConfig);
        // The source's topics appear once it has discovered its tables.
        await eventually(
          () => client.get(`/sources/${sourceId}`),
          (answer) => ((answer.body?.result?.[0]?.topic_ids as unknown[] | undefined)?.length ?? 0) > 0,
        );
        return { sourceId, sourceName };
      }
      case "destination": {
        const path = "/destinations?secret_returned=true&wait=false";
        const body = {
          name: "contract-destination",
          connector: "postgresql",
          config: {
            "database.hostname.user.defined": "warehouse.example.com",
            "database.database.user.defined": "dw",
            "connection.username": "loader",
            "connection.password": "contract-password",
            "table.name.prefix": "cdc_",
          },
          created_from: "api",
        };
        return { destinationId: idOf(await ok(`POST ${path}`, client.post(path, body))) };
      }
      case "pipeline": {
        const { sourceId, sourceName } = await this.run("source");
        const { destinationId } = await this.run("destination");
        // TF internal/resource/pipeline/pipeline.go:637-690: pretty topic names, the Development tag by default.
        const path = "/pipelines?secret_returned=true&wait=false";
        const body = {
          name: "contract-pipeline",
          source: { id: sourceId, name: sourceName, connector: "postgresql", topics: ["public.orders"] },
          destination: { id: destinationId, name: "contract-destination", connector: "postgresql" },
          snapshot_new_tables: false,
          transforms: [],
          topic_auto_discovery_transforms: [],
          created_from: "api",
        };
        return { pipelineId: idOf(await ok(`POST ${path}`, client.post(path, body))) };
      }
      case "transform": {
        // TF internal/api/transform.go:110-133; DOCS create_new_transform sample body.
        const path = "/transforms?secret_returned=true";
        const body = {
          transform: "map_filter",
          config: {
            "transforms.name": "contract-transform",
            "transforms.language": "JavaScript",
            "transforms.input.topic.pattern": "orders",
            "transforms.output.topic.pattern": "clean-orders",
          },
          created_from: "api",
        };
        return { transformId: idOf(await ok(`POST ${path}`, client.post(path, body))) };
      }
      case "deployedTransform": {
        const path = "/transforms?secret_returned=true";
        const body = {
          transform: "map_filter",
          config: {
            "transforms.name": "contract-deployed-transform",
            "transforms.language": "JavaScript",
            "transforms.input.topic.pattern": "orders",
            "transforms.output.topic.pattern": "deployed-orders",
          },
          created_from: "api",
        };
        const transformId = idOf(await ok(`POST ${path}`, client.post(path, body)));
        // TF internal/api/transform.go:238-244 (implementation), :336-356 (live deploy of `no-version`).
        const details = `/transforms/${transformId}/implementation_details`;
        await ok(
          `PUT ${details}`,
          client.put(details, {
            transform_id: transformId,
            implementation: {
              language: "JAVASCRIPT",
              value_transform: "function _streamkap_transform(v) { return v; }",
              key_transform: "",
              topic_transform: "",
            },
          }),
        );
        // Preview, then live, as TF deploys (internal/resource/transform/base.go:743-803).
        for (const stage of ["preview", "live"]) {
          const deploy = `/transforms/${transformId}/deploy-job-${stage}/no-version`;
          await ok(`PUT ${deploy}`, client.put(deploy));
        }
        // Deployed means its job has registered: until then job_status answers 400 "Job not found" (TF
        // internal/resource/transform/base.go:442-494).
        await eventually(
          () => client.get(`/transforms/${transformId}/job_status`),
          (answer) => answer.status === 200,
        );
        return { transformId };
      }
      case "topic": {
        const body = { topic_name: "contract-topic", num_partitions: 3 };
        return { topicId: idOf(await ok("POST /topics", client.post("/topics", body))) };
      }
      case "tag": {
        // TF internal/api/tag.go:161-218; type values from internal/constants/tag.go:17-28.
        const body = {
          name: "contract-tag",
          description: "contract",
          type: ["sources", "pipelines"],
          created_from: "api",
        };
        return { tagId: idOf(await ok("POST /tags", client.post("/tags", body))) };
      }
      case "projectKey": {
        const { roleId } = await this.run("none");
        const body = { name: "contract-key", description: "contract", role_ids: [roleId] };
        const file = (await ok("POST /project-keys", client.post("/project-keys", body))) as {
          project_key_id?: string;
        };
        return { projectKeyId: String(file.project_key_id) };
      }
      case "webhookSource": {
        // The webhook's keys per TF internal/generated/source_webhook.go:254-273.
        const config = {
          format: "json",
          "transforms.inferSchema.add.delete.field": true,
          "camel.source.camelMessageHeaderKey": "key",
          "topic.include.list.user.defined": "carts,checkouts",
        };
        return { webhookSourceId: await createSource(client, "contract-webhook", "webhook", config) };
      }
      case "kafkaUser": {
        // TF internal/api/kafka_user.go CreateKafkaUserRequest, `created_from` added.
        const body = {
          username: "contract-user",
          password: "contract-kafka-password",
          whitelist_ips: "203.0.113.0/24",
          kafka_acls: [
            { topic_name: "orders", operation: "READ", resource_pattern_type: "LITERAL", resource: "TOPIC" },
          ],
          is_create_schema_registry: true,
          created_from: "terraform",
        };
        await ok("POST /kafka-access/kafka-users", client.post("/kafka-access/kafka-users", body));
        return { username: "contract-user" };
      }
    }
  }
}

/** `{name}` in a string, replaced by the setup's value (an unknown name is left as is, and shows in the answer). */
export function fill(value: Json | undefined, placeholders: Placeholders): Json | undefined {
  if (typeof value === "string") {
    return value.replace(/\{(\w+)\}/g, (whole, key: string) => placeholders[key] ?? whole);
  }
  if (Array.isArray(value)) return value.map((item) => fill(item, placeholders) ?? null);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, child]) => [key, fill(child, placeholders) ?? null]));
  }
  return value;
}
