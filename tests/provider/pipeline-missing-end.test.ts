/**
 * A pipeline whose end is gone from the service says so in the words of the program that declared it (issue #30):
 * the TypeScript class takes `source`, `destination` and `transforms[i].transform` (resources), the plugin's
 * classes `sourceId`, `destinationId` and `transforms[i].transformId`. The runtime tells them apart by the ends'
 * hints (`endpoints`), which only the TypeScript class sends. Through the runtime both faces share, against the
 * local API server; the message ends with its code.
 */
import { create } from "../../provider/runtime";
import { runtimeAgainstLocalServer } from "../harness/runtime-server";

runtimeAgainstLocalServer();

const gone = "0123456789abcdef01234567";

async function failure(inputs: Record<string, unknown>): Promise<string> {
  try {
    await create("pipeline", { name: "orders-to-warehouse", ...inputs });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  throw new Error("the pipeline was created");
}

test("written with the TypeScript class, a gone source is named `source`, to be passed as a resource", async () => {
  const message = await failure({ sourceId: gone, destinationId: gone, endpoints: {} });
  expect(message).toMatch(
    new RegExp(
      `\`source\` refers to source ${gone}, which does not exist on the service\\. Pass a source resource of this ` +
        "stack, or refresh the stack that owns it\\. \\[STREAMKAP_ERR_NOT_FOUND\\]$",
    ),
  );
  expect(message).not.toContain("sourceId");
});

test("written with the plugin's classes, it is named `sourceId`, to be passed an id", async () => {
  const message = await failure({ sourceId: gone, destinationId: gone });
  expect(message).toContain(
    `\`sourceId\` refers to source ${gone}, which does not exist on the service. Pass the \`id\` of a source resource`,
  );
  expect(message).toMatch(/\[STREAMKAP_ERR_NOT_FOUND\]$/);
});
