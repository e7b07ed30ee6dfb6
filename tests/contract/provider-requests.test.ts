/**
 * Contract suite (c): the requests the provider sends, recorded by the local server (`/_local/requests`: method,
 * path, query, body key paths, never body values), fit the real API's request forms. The real pulumi engine runs
 * the all-kinds example (every kind) through create, an update and destroy. Forms: ./fixtures/requests.ts.
 */
import { type LocalServer, startLocalServer } from "../../server";
import type { RequestRecord } from "../../server/http/stats";
import { ServiceApi } from "../harness/api";
import { TestProject } from "../harness/project";
import { requestForms } from "./fixtures/requests";
import { departures, formOf } from "./request-forms";

let server: LocalServer;
let project: TestProject | undefined;
let requests: RequestRecord[] = [];

/**
 * Forms the run must exercise: every kind's create and delete, the reads its converge makes, and the connector
 * updates the second `up` makes (the run changes no other kind in place).
 */
const exercised = [
  "auth.access-token",
  "sources.create",
  "sources.get",
  "sources.update",
  "sources.delete",
  "destinations.create",
  "destinations.get",
  "destinations.update",
  "destinations.delete",
  "pipelines.create",
  "pipelines.delete",
  "transforms.create",
  "transforms.get",
  "transforms.delete",
  "transforms.implementation-details",
  "transforms.job-status",
  "tags.create",
  "tags.list",
  "tags.delete",
  "topics.create",
  "topics.delete",
  "projectKeys.create",
  "projectKeys.get",
  "projectKeys.delete",
  "kafkaUsers.create",
  "kafkaUsers.delete",
  "roles.list",
  "clientCredentials.create",
  "clientCredentials.delete",
];

beforeAll(async () => {
  server = await startLocalServer({ statusDelayMs: 50, deleteDelayMs: 100 });
  project = await TestProject.create("all-kinds", server);
  await project.up();
  // An update of the connectors: a source setting and a destination secret change in place.
  await project.setConfig({ dbPort: "6543" });
  await project.stack.setConfig("snowflakeKey", { value: "another-local-private-key", secret: true });
  await project.up();
  await project.destroy();
  requests = (await new ServiceApi(server).request<{ requests: RequestRecord[] }>("GET", "/_local/requests")).requests;
});

afterAll(async () => {
  project?.dispose();
  await server?.close();
});

test("the recording holds every management request, with body key paths and no body values", () => {
  expect(requests.length).toBeGreaterThan(20);
  const recorded = JSON.stringify(requests);
  for (const secret of [server.secret, "local-demo-password", "local-demo-private-key", "another-local-private-key"]) {
    expect(recorded.includes(secret) ? secret : "absent").toBe("absent");
  }
  // Two sources are created at once (Postgres and the webhook source), in either order: look at the Postgres one.
  const sourceCreates = requests.filter((request) => request.method === "POST" && request.path === "/sources");
  expect(sourceCreates.map((request) => request.bodyKeys)).toContainEqual(
    expect.arrayContaining([["name"], ["config"], ["config", "database.password"]]),
  );
});

test("every request the provider sent is a call of the real API", () => {
  const unknown = requests
    .filter((request) => formOf(request, requestForms) === undefined)
    .map((request) => `${request.method} ${request.path}`);
  expect([...new Set(unknown)]).toEqual([]);
});

test.each(exercised)("%s: the run sent this call", (id) => {
  const form = requestForms.find((candidate) => candidate.id === id);
  expect(form?.id).toBe(id);
  expect(requests.some((request) => form && formOf(request, requestForms) === form)).toBe(true);
});

test.each(
  requestForms.map((form) => [`${form.id} ${form.method} ${form.path} (${form.rows.join(", ")})`, form] as const),
)("%s: the provider's requests fit the form", (_name, form) => {
  const problems = requests
    .filter((request) => formOf(request, requestForms) === form)
    .flatMap((request) => departures(request, form).map((problem) => `${request.method} ${form.path}: ${problem}`));
  expect([...new Set(problems)]).toEqual([]);
});
