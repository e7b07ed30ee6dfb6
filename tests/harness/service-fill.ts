/**
 * A service filled through its public API with many pipelines, each with its own Postgres source (two tables, so
 * two topics) and destination: five objects of the lineage per pipeline. For the console's checks and benchmark at
 * 1,000 objects and more.
 */
import { ServiceApi } from "./api";

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

/** Makes `pipelines` pipelines with their sources and destinations, `concurrency` at a time; 5 objects each. */
export async function fillService(
  target: ConstructorParameters<typeof ServiceApi>[0],
  pipelines: number,
  concurrency = 8,
): Promise<void> {
  const api = new ServiceApi(target);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < pipelines; index = next++) {
      const source = await api.request<{ id: string }>("POST", "/sources", {
        name: fillName("source", index),
        connector: "postgresql",
        config: sourceConfig,
      });
      const destination = await api.request<{ id: string }>("POST", "/destinations", {
        name: fillName("destination", index),
        connector: "postgresql",
        config: destinationConfig,
      });
      await api.request("POST", "/pipelines", {
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
