/**
 * Contract suite (a): every real answer of the API parses with the provider's response schemas, and gives the
 * outputs and refreshed inputs a user should see. Fixtures: ./fixtures/responses.ts.
 */
import { envelope } from "../../provider/client/responses";
import type { JsonObject as EngineJsonObject } from "../../provider/engine/kind";
import { kindNamed } from "../../provider/kinds";
import { tagsIn } from "../../provider/kinds/tag";
import { responseFixtures } from "./fixtures/responses";
import type { ProviderReading, ResponseFixture } from "./fixtures/types";

const read = responseFixtures.filter(
  (fixture): fixture is ResponseFixture & { reads: ProviderReading } => fixture.reads !== undefined,
);

/** The object the provider reads from the answer, as the engine finds it (see KindApi.itemsOf). */
function objectIn(fixture: ResponseFixture, reading: ProviderReading): unknown {
  const kind = kindNamed(reading.kind);
  if (reading.from === "bare") return fixture.sample;
  if (reading.from === "tags") return tagsIn(fixture.sample)[0];
  if (reading.from === "list") return (fixture.sample as unknown[])[0];
  // The envelope itself must parse as the provider's list envelope, every item with the kind's schema.
  const parsed = envelope(kind.api.record).safeParse(fixture.sample);
  if (!parsed.success) {
    throw new Error(`the envelope does not parse: ${JSON.stringify(parsed.error.issues[0])}`);
  }
  return (fixture.sample as { result: unknown[] }).result[0];
}

describe.each(read.map((fixture) => [`${fixture.id} (${fixture.rows.join(", ")})`, fixture] as const))(
  "%s",
  (_name, fixture) => {
    const kind = kindNamed(fixture.reads.kind);

    test(`${fixture.id}: the ${fixture.reads.kind} schema parses the real answer (${fixture.provenance.slice(0, 60)}…)`, () => {
      const parsed = kind.api.record.safeParse(objectIn(fixture, fixture.reads));
      expect(parsed.success ? "parses" : parsed.error.issues).toBe("parses");
    });

    if (fixture.reads.outputs) {
      const expected = fixture.reads.outputs;
      test(`${fixture.id}: a user sees the outputs ${Object.keys(expected).join(", ")}`, () => {
        const live = kind.api.record.parse(objectIn(fixture, fixture.reads));
        expect(kind.outputs(live)).toMatchObject(expected);
      });
    }

    if (fixture.reads.liveInputs) {
      const { prior, expected } = fixture.reads.liveInputs;
      test(`${fixture.id}: a refresh shows the live values ${Object.keys(expected).join(", ")}`, () => {
        const live = kind.api.record.parse(objectIn(fixture, fixture.reads));
        expect(kind.liveInputs(live, prior as EngineJsonObject)).toMatchObject(expected);
      });
    }
  },
);
