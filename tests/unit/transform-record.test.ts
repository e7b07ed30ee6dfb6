// The transform record reads both documented shapes of the fields the evidence disagrees on (audit V10): TF
// decodes `topic_ids` as a list (internal/api/transform.go:32), the DOCS schema says a string.
import { transformRecord } from "../../provider/client/responses";

const item = { id: "t1", name: "clean-orders", transform_type: "map_filter", config: {}, version: 2 };

test("V10: a transform reads whether topic_ids is a list or a string", () => {
  expect(transformRecord.safeParse({ ...item, topic_ids: ["transform_t1_2.clean"] }).success).toBe(true);
  expect(transformRecord.safeParse({ ...item, topic_ids: "clean" }).success).toBe(true);
  expect(transformRecord.safeParse({ ...item, topic_ids: null }).success).toBe(true);
});

test("V10: a version reads as a number or a string, and an implementation may be null", () => {
  const parsed = transformRecord.parse({ ...item, version: "2", live_version: 1, implementation: null });
  expect(parsed).toMatchObject({ version: "2", live_version: 1, implementation: null });
});
