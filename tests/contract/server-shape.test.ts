/**
 * Contract suite (b): the local server answers each request of the fixtures with the real answer's shape (same
 * keys, JSON types and envelope, no invented fields; the rule is `shapeDifferences` in ./key-paths.ts), so the
 * server cannot drift from the contract unnoticed. Fixtures: ./fixtures/responses.ts.
 */
import { type LocalServer, startLocalServer } from "../../server";
import { call, FAST } from "../server/helpers";
import { responseFixtures } from "./fixtures/responses";
import type { ResponseFixture, ServerRequest } from "./fixtures/types";
import { shapeDifferences } from "./key-paths";
import { fill, Setups } from "./setups";

let server: LocalServer;
let setups: Setups;
let bearer = "";

beforeAll(async () => {
  server = await startLocalServer(FAST);
  setups = new Setups(server);
  const login = await call(server.baseUrl, "POST", "/auth/access-token", {
    body: { client_id: server.clientId, secret: server.secret },
  });
  bearer = String(login.body.accessToken);
});

afterAll(async () => {
  await server?.close();
});

const cases = responseFixtures.filter(
  (fixture): fixture is ResponseFixture & { server: ServerRequest } => fixture.server !== undefined,
);

test.each(
  cases.map((fixture) => [`${fixture.id} ${fixture.request.method} ${fixture.request.path}`, fixture] as const),
)("%s: the local server answers in the real shape", async (_name, fixture) => {
  const placeholders = await setups.run(fixture.server.setup);
  const path = String(fill(fixture.server.path, placeholders));
  const body = fill(fixture.server.body, placeholders);
  const answer = await call(server.baseUrl, fixture.request.method, path, {
    body,
    token: fixture.request.path.startsWith("/auth/access-token") ? undefined : bearer,
  });
  expect({ rows: fixture.rows, status: answer.status }).toEqual({ rows: fixture.rows, status: fixture.status ?? 200 });
  expect({
    rows: fixture.rows,
    differences: shapeDifferences(fixture.sample, answer.body, fixture.documented),
  }).toEqual({ rows: fixture.rows, differences: [] });
});
