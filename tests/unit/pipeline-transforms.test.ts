/**
 * A pipeline's links to transforms as pure functions: the `topic_id` the reference client would send (its
 * issue-78 round-trip cases, TF internal/resource/pipeline/pipeline_test.go:75-188), how live items read back onto
 * the program's shape, and the rules `check` applies once transform ids are known.
 */
import type { PipelineRecord } from "../../provider/client/responses";
import {
  liveAutoDiscovery,
  liveTransformLinks,
  pipelineTransformRules,
  transformTopicId,
} from "../../provider/kinds/pipeline-transforms";

/** The service's `get_pretty_topic_name_from_id`: everything after the first dot. */
const prettyOf = (topicId: string) => topicId.slice(topicId.indexOf(".") + 1);

describe("the topic id of a (transform, topic) pair", () => {
  test.each([
    ["a dotted, hyphenated topic of a transform with no topics yet", [], [], "aleks_live.SiteAlert-us-Local"],
    ["a topic the transform already has", ["public.users"], ["source_66b0.public.users"], "public.users"],
    [
      "a deployed transform's topic",
      ["aleks_commons.PollenData-Global"],
      ["transform_66b0aaaa_0.aleks_commons.PollenData-Global"],
      "aleks_commons.PollenData-Global",
    ],
  ])("%s reads back as the name written", (_case, topics, topicIds, topic) => {
    const topicId = transformTopicId({ topics, topic_ids: topicIds }, topic, "66b0");
    expect(prettyOf(topicId)).toBe(topic);
    expect(topicId).toBe(topicIds[0] ?? `source_66b0.${topic}`);
  });

  test("topic names and ids of unequal length never pair a name with a missing id", () => {
    expect(transformTopicId({ topics: ["a", "b"], topic_ids: ["transform_1_0.a"] }, "b", "src")).toBe("source_src.b");
  });
});

describe("live links read back onto the program's shape", () => {
  const live = (items: Array<[string, string]>, rules: Array<[string, string]> = []): PipelineRecord => ({
    id: "p1",
    transforms: items.map(([id, topic]) => ({ id, name: id, start_time: null, topic_id: `x.${topic}`, topic })),
    topic_auto_discovery_transforms: rules.map(([id, regex]) => ({ transform_id: id, regex })),
  });

  test("the same links in another order are the program's own", () => {
    const prior = [
      { transformId: "t2", topics: ["b", "a"] },
      { transformId: "t1", topics: ["c"] },
    ];
    const read = liveTransformLinks(
      live([
        ["t1", "c"],
        ["t2", "a"],
        ["t2", "b"],
      ]),
      prior,
    );
    expect(read).toEqual(prior);
  });

  test("a topic detached and a transform attached outside Pulumi show as the live links", () => {
    const read = liveTransformLinks(
      live([
        ["t1", "c"],
        ["t3", "z"],
      ]),
      [
        { transformId: "t1", topics: ["c", "d"] },
        { transformId: "t2", topics: ["e"] },
      ],
    );
    expect(read).toEqual([
      { transformId: "t1", topics: ["c"] },
      { transformId: "t3", topics: ["z"] },
    ]);
  });

  test("unmanaged links stay unmanaged whatever the service holds", () => {
    expect(liveTransformLinks(live([["t1", "c"]]), undefined)).toBeUndefined();
    expect(liveAutoDiscovery(live([], [["t1", ".*"]]), undefined)).toBeUndefined();
  });

  test("auto-discovery rules compare as a set of (transform, regex)", () => {
    const prior = [
      { transformId: "t1", regex: "^a" },
      { transformId: "t2", regex: "^b" },
    ];
    expect(
      liveAutoDiscovery(
        live(
          [],
          [
            ["t2", "^b"],
            ["t1", "^a"],
          ],
        ),
        prior,
      ),
    ).toBe(prior);
    expect(liveAutoDiscovery(live([], [["t1", "^a"]]), prior)).toEqual([{ transformId: "t1", regex: "^a" }]);
  });
});

describe("rules", () => {
  test("one transform in two entries is refused once its id is known, naming both entries", () => {
    const failures = pipelineTransformRules({
      transforms: [
        { transformId: "t1", topics: ["a"] },
        { transformId: "t1", topics: ["b"] },
      ],
    });
    expect(failures).toEqual([
      {
        property: "transforms",
        reason: "`transforms[1]` names the transform of `transforms[0]` again; list all its topics in one entry",
      },
    ]);
  });

  test("Python's named groups are regular expressions too", () => {
    expect(
      pipelineTransformRules({ topicAutoDiscovery: [{ transformId: "t", regex: "(?P<r>eu|us)\\.(?P=r)" }] }),
    ).toEqual([]);
  });
});
