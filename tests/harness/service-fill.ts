/**
 * A service filled through its public API with many pipelines, each with its own Postgres source (two tables, so
 * two topics) and destination: five objects of the lineage per pipeline. For the console's checks and benchmark at
 * 1,000 objects and more.
 */

export interface FillTarget {
  baseUrl: string;
  clientId: string;
  secret: string;
}

/** How an object made by the fill is named: zero-padded, so that one name is no other's prefix or part. */
export const fillName = (kind: "source" | "destination" | "pipeline", index: number): string =>
  `fill-${kind}-${String(index).padStart(5, "0")}`;

const sourceConfig = {
  "database.hostname.user.defined": "db.example.com",
  "database.port.user.defined": 5432,
  "database.user": "streamkap",
  "database.password": "fill-password",
  "database.dbname": "app",
  "schema.include.list": "public",
  "table.include.list.user.defined": "public.orders,public.customers",
};

const destinationConfig = {
  "database.hostname.user.defined": "warehouse.example.com",
  "database.database.user.defined": "dw",
  "connection.username": "loader",
  "connection.password": "fill-password",
  "table.name.prefix": "cdc_",
};

async function post(target: FillTarget, token: string, path: string, body: unknown): Promise<{ id: string }> {
  const answer = await fetch(`${target.baseUrl}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const parsed = (await answer.json()) as { id?: string; accessToken?: string; detail?: unknown };
  if (answer.status !== 200) throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(parsed.detail)}`);
  return parsed as { id: string };
}

/** Makes `pipelines` pipelines with their sources and destinations, `concurrency` at a time; 5 objects each. */
export async function fillService(target: FillTarget, pipelines: number, concurrency = 8): Promise<void> {
  const signIn = await fetch(`${target.baseUrl}/auth/access-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ client_id: target.clientId, secret: target.secret }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < pipelines; index = next++) {
      const source = await post(target, accessToken, "/sources", {
        name: fillName("source", index),
        connector: "postgresql",
        config: sourceConfig,
      });
      const destination = await post(target, accessToken, "/destinations", {
        name: fillName("destination", index),
        connector: "postgresql",
        config: destinationConfig,
      });
      await post(target, accessToken, "/pipelines", {
        name: fillName("pipeline", index),
        source: {
          id: source.id,
          name: fillName("source", index),
          connector: "postgresql",
          topics: ["public.orders", "public.customers"],
        },
        destination: { id: destination.id, name: fillName("destination", index), connector: "postgresql" },
        transforms: [],
        topic_auto_discovery_transforms: [],
      });
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
