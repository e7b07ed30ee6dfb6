/**
 * Issue 27 point 4, a lost answer: the service makes the Kafka user, then the answer never arrives (`lose` fault).
 * The name was free just before the create, and the user now holds exactly what the program declares, so it is
 * the one this create made: recorded once, with the program's password, and never made twice.
 */
import { scenario } from "../harness/scenario";

const world = scenario("access", {
  server: { faults: "lose=1,path=/kafka-access/kafka-users,method=POST" },
  config: { roles: JSON.stringify(["role_viewer"]) },
});

beforeAll(async () => {
  await world.project.stack.setConfig("kafkaPassword", { value: "lost-answer-password-4d8c", secret: true });
});

test("up records the user its create made, once; the next preview is clean", async () => {
  const result = await world.project.up();
  expect(result.summary.result).toBe("succeeded");
  const users = await world.api.request<Array<{ username: string }>>("GET", "/kafka-access/kafka-users");
  expect(users.map((user) => user.username)).toEqual(["analytics"]);
  expect((await world.project.preview()).result.changeSummary).toEqual({ same: 3 });
  await world.project.destroy();
});
