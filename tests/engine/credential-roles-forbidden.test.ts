/**
 * Issue 27 point 6: a client credential given role ids is made by a caller that may not read the service's roles
 * (`GET /auth/roles` answers 403, injected): the ids are sent as given, and the service judges them.
 */
import { callsDuring } from "../harness/calls";
import { scenario } from "../harness/scenario";

const world = scenario("access", {
  server: { faults: "403=1,path=/auth/roles" },
  config: { roles: JSON.stringify(["role_viewer"]) },
});

beforeAll(async () => {
  await world.project.stack.setConfig("kafkaPassword", { value: "roles-kafka-password-7e21", secret: true });
});

test("up makes the credential with the ids as given, without reading the roles", async () => {
  const calls = await callsDuring(world.server, () => world.project.up());
  expect(calls).toContain("GET /auth/roles"); // tried, refused (403): not needed
  const credentials = await world.api.request<Array<{ client_id: string; roles: Array<{ id: string }> }>>(
    "GET",
    "/auth/client-credentials",
  );
  const clientId = String((await world.project.stack.outputs()).clientId.value);
  const made = credentials.find((credential) => credential.client_id === clientId);
  expect(made?.roles.map((role) => role.id)).toEqual(["role_viewer"]);
  await world.project.destroy();
});
