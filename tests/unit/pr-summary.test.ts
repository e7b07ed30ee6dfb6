/**
 * `pulumi-streamkap pr-summary` over real `pulumi preview --json` captures (tests/unit/pr-summary-fixtures, see
 * the README there): what a reviewer reads in the pull-request comment.
 */
import * as fs from "node:fs";
import * as path from "node:path";
import { PassThrough } from "node:stream";

import { prSummary, runPrSummaryCommand } from "../../cli/pr-summary/command";
import { mermaidText } from "../../cli/pr-summary/mermaid";
import { kindOf } from "../../cli/pr-summary/resources";
import type { PrSummary } from "../../cli/pr-summary/summary";

const fixtures = path.resolve(__dirname, "../../../tests/unit/pr-summary-fixtures");

function capture(name: string): string {
  return fs.readFileSync(path.join(fixtures, `${name}.json`), "utf8");
}

function markdownOf(name: string): string {
  return prSummary(capture(name), "markdown");
}

function modelOf(name: string): PrSummary {
  return JSON.parse(prSummary(capture(name), "json")) as PrSummary;
}

/** The Mermaid block of a summary. */
function mermaidOf(markdown: string): string {
  const block = /```mermaid\n([\s\S]*?)\n```/.exec(markdown);
  if (!block) throw new Error(`no mermaid block in:\n${markdown}`);
  return block[1];
}

/** The node id whose label starts with `label`, e.g. `n3` for `warehouse<br/>SnowflakeDestination`. */
function nodeId(mermaid: string, label: string): string {
  const escaped = label.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  const match = new RegExp(`^\\s+(n\\d+)\\W+${escaped}`, "m").exec(mermaid);
  if (!match) throw new Error(`no node labelled ${label} in:\n${mermaid}`);
  return match[1];
}

/** The ids the diagram marks with a class, e.g. `replaced`. */
function marked(mermaid: string, mark: string): string[] {
  const line = new RegExp(`^\\s+class (\\S+) ${mark}$`, "m").exec(mermaid);
  return line ? line[1].split(",") : [];
}

async function run(args: string[], input: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[] };
  stdout.on("data", (chunk: Buffer) => chunks.stdout.push(chunk));
  stderr.on("data", (chunk: Buffer) => chunks.stderr.push(chunk));
  stdin.end(input);
  const code = await runPrSummaryCommand(args, { stdin, stdout, stderr });
  return { code, stdout: Buffer.concat(chunks.stdout).toString(), stderr: Buffer.concat(chunks.stderr).toString() };
}

describe("replacements", () => {
  test("a destination replaced by a setting, and the pipeline that follows it, are called out as data-loss risks", () => {
    const markdown = markdownOf("replace");
    expect(markdown).toContain("### Streamkap preview of stack `staging` (streamkap-gitops)");
    expect(markdown).toContain("**2 to replace · 4 unchanged**");
    expect(markdown).toContain("> **Data-loss risk: 2 replacements.**");
    expect(markdown).toMatch(
      /> - `warehouse` \(SnowflakeDestination\) is \*\*replaced\*\* because `ingestionMode` changed\. A new destination connector is created and the old one deleted/,
    );
    expect(markdown).toMatch(
      /> - `orders-to-warehouse` \(Pipeline\) is \*\*replaced\*\* because its destination `warehouse` is replaced\./,
    );
    expect(markdown).toContain(
      '| `warehouse` | SnowflakeDestination | replace | `ingestionMode`: "upsert" → "append" **forces replacement** |',
    );
  });

  test("the diagram draws source → topics → pipeline → destination and marks the replaced nodes", () => {
    const mermaid = mermaidOf(markdownOf("replace"));
    const source = nodeId(mermaid, "orders-db<br/>PostgresqlSource");
    const pipeline = nodeId(mermaid, "orders-to-warehouse<br/>Pipeline<br/>REPLACED");
    const destination = nodeId(mermaid, "warehouse<br/>SnowflakeDestination<br/>REPLACED");
    const orders = nodeId(mermaid, "public.orders");
    const transform = nodeId(mermaid, "clean-orders<br/>MapFilterTransform");
    expect(mermaid.split("\n")[0]).toBe("flowchart LR");
    expect(mermaid).toContain(`${source} --> ${orders}`);
    expect(mermaid).toContain(`${orders} --> ${pipeline}`);
    expect(mermaid).toContain(`${pipeline} --> ${destination}`);
    expect(mermaid).toContain(`${orders} --> ${transform}`); // the transform reads source_<id>.public.orders
    expect(marked(mermaid, "replaced").sort()).toEqual([destination, pipeline].sort());
    expect(mermaid).toMatch(/classDef replaced fill:/);
  });

  test("a source replaced by its connector code: a fresh snapshot into new topics, and its pipeline with it", () => {
    const markdown = markdownOf("source-replace");
    expect(markdown).toMatch(
      /`orders-db` \(Source\) is \*\*replaced\*\* because `connector` changed\. .*fresh initial snapshot of its tables into new topics/,
    );
    expect(markdown).toMatch(
      /`orders-to-warehouse` \(Pipeline\) is \*\*replaced\*\* because its source `orders-db` is replaced/,
    );
    expect(markdown).toContain("| `orders-db` (Source) | **initial snapshot** | replacement source");
    const mermaid = mermaidOf(markdown);
    // The destination is unchanged and not listed by this preview: drawn from the pipeline's dependency, unmarked.
    const destination = nodeId(mermaid, "warehouse<br/>Destination");
    expect(marked(mermaid, "replaced")).toEqual(
      expect.arrayContaining([
        nodeId(mermaid, "orders-db<br/>Source<br/>REPLACED"),
        nodeId(mermaid, "public.orders<br/>REPLACED"),
      ]),
    );
    expect(marked(mermaid, "replaced")).not.toContain(destination);
  });

  test("deleting a pipeline and a topic is called out too", () => {
    const markdown = markdownOf("delete");
    expect(markdown).toContain("> **Data-loss risk: 2 deletions.**");
    expect(markdown).toContain("> - `events` (Topic) is **deleted**. The topic is deleted with every record in it.");
    expect(markdown).toContain("> - `orders-to-warehouse` (Pipeline) is **deleted**.");
    const mermaid = mermaidOf(markdown);
    expect(marked(mermaid, "deleted")).toEqual([nodeId(mermaid, "orders-to-warehouse<br/>Pipeline<br/>DELETED")]);
  });
});

describe("access", () => {
  test("a replaced client credential and Kafka user are data-loss risks that say who is cut off", () => {
    const markdown = markdownOf("access-replace");
    expect(markdown).toContain("**Data-loss risk: 2 replacements.**");
    expect(markdown).toContain(
      "> - `dashboards` (ClientCredential) is **replaced** because `roles` changed. A new client id and secret are " +
        "issued and the old ones stop working: whatever uses them needs the new ones.",
    );
    expect(markdown).toContain("> - `analytics` (KafkaUser) is **replaced** because `username` changed.");
  });
});

describe("offset reset", () => {
  test("a changed `offsetReset.trigger` is a data-replay risk and a lifecycle action, not a data-loss one", () => {
    const markdown = markdownOf("offset-reset");
    expect(markdown).toContain("**Data-replay risk: 1 offset reset.**");
    expect(markdown).toContain(
      '> - `orders` (Pipeline): `offsetReset.trigger`: "INC-1041" → "INC-1042" (to 2026-11-20T08:00:00Z on every ' +
        "topic: the destination receives those records **again**)",
    );
    expect(markdown).toContain("| `orders` (Pipeline) | **offset reset** |");
    expect(markdown).not.toContain("Data-loss risk");
  });
});

describe("lifecycle", () => {
  test("a restart trigger and a raised snapshot generation are named as the restart and the snapshot they start", () => {
    const markdown = markdownOf("lifecycle");
    expect(markdown).toContain("#### Lifecycle actions on `pulumi up`");
    expect(markdown).toContain(
      '| `orders-db` (PostgresqlSource) | **restart** | `restartTrigger`: "INC-4711" → "INC-4712" |',
    );
    expect(markdown).toContain(
      "| `orders-db` (PostgresqlSource) | **snapshot** | `snapshot.generation`: 2 → 3 (incremental, every topic) |",
    );
    expect(markdown).not.toContain("Data-loss risk");
    expect(markdown).toContain("| `clean-orders` | Topic | update | `partitions`: 6 → 8 |");
  });

  test("the diagram marks the updated source and output topic, not the unchanged pipeline", () => {
    const mermaid = mermaidOf(markdownOf("lifecycle"));
    expect(marked(mermaid, "updated").sort()).toEqual(
      [
        nodeId(mermaid, "orders-db<br/>PostgresqlSource<br/>UPDATED"),
        nodeId(mermaid, "clean-orders<br/>Topic<br/>UPDATED"),
      ].sort(),
    );
    expect(mermaid).toContain('{{"orders-to-warehouse<br/>Pipeline"}}');
  });

  test("pausing a connector is a state change; without unchanged resources listed, the summary says why nothing is drawn", () => {
    const markdown = markdownOf("state");
    expect(markdown).toContain("| `orders-db` (PostgresqlSource) | **pause** | `state`: running → paused |");
    expect(markdown).not.toContain("```mermaid");
    expect(markdown).toContain("Not drawn: `orders-db`");
    expect(markdown).toContain("`pulumi preview --json --show-sames`");
  });

  test("a new source's initial snapshot is named, and a transform waiting for its source's id hangs off the source", () => {
    const markdown = markdownOf("create");
    expect(markdown).toContain("**6 to create**");
    expect(markdown).toContain("| `orders-db` (PostgresqlSource) | **initial snapshot** | new source");
    expect(markdown).not.toContain("Data-loss risk");
    const mermaid = mermaidOf(markdown);
    expect(mermaid).toContain(
      `${nodeId(mermaid, "orders-db<br/>PostgresqlSource")} -.-> ${nodeId(mermaid, "clean-orders<br/>MapFilterTransform")}`,
    );
    expect(marked(mermaid, "created")).toHaveLength(7);
  });
});

describe("drift", () => {
  test("drift found by `preview --refresh` is listed per object with its settings and provenance", () => {
    const markdown = markdownOf("drift");
    expect(markdown).toContain("> **Drift: 1 object changed outside Pulumi** since the last `pulumi up`.");
    expect(markdown).toContain('- `orders-db` (PostgresqlSource): postgresql source "orders-db-9tvvv3e"');
    expect(markdown).toContain('  - state is now "paused" (last applied: unset)');
    expect(markdown).toContain(
      "  - databasePort is now 6000 (last applied: 5432); changed 2026-11-22T16:43:30.831Z by web (alice@example.com), version 2",
    );
    const mermaid = mermaidOf(markdown);
    expect(marked(mermaid, "drifted")).toEqual([nodeId(mermaid, "orders-db<br/>PostgresqlSource<br/>DRIFTED")]);
    // Setting the state back resumes a connector someone paused in the console.
    expect(markdown).toContain("| `orders-db` (PostgresqlSource) | **resume** | `state`: paused → running |");
    expect(markdown).toContain("`databasePort`: 6000 → 5432");
  });

  test("drift arriving as one warning diagnostic reads the same as drift split into standard-error lines", () => {
    const digest = JSON.parse(capture("drift")) as { diagnostics: { message: string; severity: string }[] };
    const joined = digest.diagnostics.map((diagnostic) => diagnostic.message.trimEnd()).join("\n");
    const asWarning = { ...digest, diagnostics: [{ message: joined, severity: "warning" }] };
    expect(prSummary(JSON.stringify(asWarning), "markdown")).toBe(markdownOf("drift"));
  });
});

describe("other outcomes", () => {
  test("a failed preview leads with its errors, naming the resource once", () => {
    const markdown = markdownOf("error");
    expect(markdown).toContain("> **The preview failed.**");
    expect(markdown).toContain(
      "> - `clean-orders`: `partitions` can only grow (it is 6); to have fewer, create a new topic under another name",
    );
  });

  test("a preview without changes is a short note", () => {
    expect(markdownOf("nochange")).toBe(
      [
        "### Streamkap preview of stack `staging` (streamkap-gitops)",
        "",
        "**No changes.** 6 resources unchanged.",
        "",
        "<sub>Summarized by `pulumi-streamkap pr-summary` from `pulumi preview --json`.</sub>",
        "",
      ].join("\n"),
    );
  });

  test("the summary does not depend on the order the engine listed its steps in", () => {
    for (const name of ["replace", "lifecycle", "drift", "create"]) {
      const digest = JSON.parse(capture(name)) as { steps: unknown[] };
      const reversed = { ...digest, steps: [...digest.steps].reverse() };
      expect(prSummary(JSON.stringify(reversed), "markdown")).toBe(markdownOf(name));
    }
  });

  test("fields a later pulumi may add are ignored", () => {
    const digest = JSON.parse(capture("replace")) as { steps: Record<string, unknown>[] };
    const extended = {
      ...digest,
      futureTopLevel: { anything: true },
      steps: digest.steps.map((step) => ({ ...step, futureField: [1, 2], op: step.op })),
    };
    expect(prSummary(JSON.stringify(extended), "markdown")).toBe(markdownOf("replace"));
  });

  test("--format json gives the same findings as data", () => {
    const model = modelOf("replace");
    expect(model.stack).toBe("staging");
    expect(model.risks.map((risk) => [risk.name, risk.op, risk.because])).toEqual([
      ["orders-to-warehouse", "replace", "its destination `warehouse` is replaced"],
      ["warehouse", "replace", "`ingestionMode` changed"],
    ]);
    expect(model.graph.pipelines).toEqual(["orders-to-warehouse"]);
    expect(model.mermaid).toMatch(/^flowchart LR/);
  });
});

describe("the command", () => {
  test("writes the Markdown summary and exits 0", async () => {
    const result = await run([], capture("replace"));
    expect(result).toMatchObject({ code: 0, stderr: "" });
    expect(result.stdout).toBe(markdownOf("replace"));
  });

  test.each([
    ["empty input", [], "", /no input on standard input/],
    ["text output instead of JSON", [], "Previewing update (dev):\n", /not JSON but pulumi's text output/],
    ["JSON of another shape", [], '{"steps": [{"op": "create"}]}', /at steps\.0\.urn/],
    ["an unknown option", ["--stack", "prod"], "{}", /unknown option "--stack"/],
    ["an unknown format", ["--format", "html"], "{}", /--format must be markdown or json, not "html"/],
  ])("refuses %s with exit code 2 and says what to do", async (_case, args, input, message) => {
    const result = await run(args, input);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe("");
    expect(result.stderr).toMatch(message);
  });
});

describe("building blocks", () => {
  test("names that would break a Mermaid label are escaped", () => {
    expect(mermaidText('a "b" <c> #1')).toBe("a #quot;b#quot; #lt;c#gt; #35;1");
  });

  test("kinds come from our type tokens, and from the inputs for older untyped dynamic resources", () => {
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:PostgresqlSource", undefined)).toBe("source");
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:WebhookSource", undefined)).toBe("source");
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:SnowflakeDestination", undefined)).toBe("destination");
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:MapFilterTransform", undefined)).toBe("transform");
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:KafkaUser", undefined)).toBe("kafkaUser");
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:ClientCredential", undefined)).toBe("clientCredential");
    expect(kindOf("pulumi-nodejs:dynamic/streamkap:AlertSubscriber", undefined)).toBe("alertSubscriber");
    expect(kindOf("pulumi-nodejs:dynamic:Resource", { sourceId: "a", destinationId: "b" })).toBe("pipeline");
    expect(kindOf("pulumi-nodejs:dynamic:Resource", { inputTopicPattern: "x" })).toBe("transform");
    expect(kindOf("aws:s3/bucket:Bucket", { sourceId: "a", destinationId: "b" })).toBe("other");
  });
});
