// The floor at equal state: the do-nothing resources of a floor stack carry, kind by kind, as many state bytes as
// the Streamkap stack it is the floor of. The file backend rewrites the whole checkpoint after every step, so an
// operation's engine time grows with the state's size; a floor that stored only its inputs would leave the
// Streamkap stack's larger outputs (every setting the service reports) looking like the provider's cost.
//
// A floor resource's outputs are its inputs, then the outputs one resource of its kind in the measured stack holds
// beyond its inputs (`outputs`, secrets as their ciphertext), then `__pad`: a string of `padBytes` that makes up
// what is left. Calibration finds the pad: a small floor stack of that shape with no pad, whose bytes per kind say
// what the floor holds by itself. Where it holds more (a dynamic floor resource stores its serialized provider
// twice, a plugin resource none), outputs are left out until it does not, and the pad makes up the difference
// (pure; tests/unit/bench-floor-state.test.ts). What the floor's provider does with it: stacks/floor/outputs.ts.
import { type FloorState, type Json, padKey } from "./stacks/floor/outputs";
import { isDeclared, isRecord, type KindBytes, kindOf, secretSignature, typedResources } from "./state";

/**
 * An exported value as a floor provider can return it. An exported secret is an object under Pulumi's signature
 * key, which the engine would take for a secret to decrypt if a provider returned it; its ciphertext stands in.
 */
function plainValue(value: unknown): Json {
  if (Array.isArray(value)) return value.map(plainValue);
  if (isRecord(value)) {
    if (secretSignature in value) return typeof value.ciphertext === "string" ? value.ciphertext : "";
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plainValue(inner)]));
  }
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : null;
}

/**
 * The floor's state shape from a measured stack's exported deployment: per kind, the outputs of its first resource
 * (the serialized dynamic provider left out: the floor has its own), with no pad yet.
 */
export function floorShape(deployment: unknown): FloorState {
  const shape: FloorState = {};
  for (const resource of typedResources(deployment).filter(isDeclared)) {
    const kind = kindOf(resource.type);
    if (shape[kind] || !isRecord(resource.outputs)) continue;
    // The floor's own inputs (the same declared inputs) hold the rest, and the floor has a provider of its own.
    const inputs = isRecord(resource.inputs) ? resource.inputs : {};
    const outputs = Object.entries(resource.outputs).filter(([key]) => key !== "__provider" && !(key in inputs));
    shape[kind] = { outputs: plainValue(Object.fromEntries(outputs)) as Record<string, Json>, padBytes: 0 };
  }
  return shape;
}

/** Bytes `"__pad":"<pad>",` adds to a resource's JSON besides the pad itself. */
const padOverheadBytes = JSON.stringify({ [padKey]: "" }).length - 1;

/** Bytes an entry takes in a JSON object: `"key":value,`. */
function entryBytes(key: string, value: Json): number {
  return Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(value)},`, "utf8");
}

/**
 * The shape fitted to the measured stack's bytes per resource of each kind, given what a floor resource of the
 * whole shape held with no pad (`calibrated`): outputs are left out, last first, while the floor holds more, and
 * the pad makes up what is then missing. Within a pad's own overhead (`"__pad":"",`) of equal.
 */
export function withPads(shape: FloorState, measured: KindBytes, calibrated: KindBytes): FloorState {
  const fitted: FloorState = {};
  for (const [kind, state] of Object.entries(shape)) {
    const target = measured[kind];
    const held = calibrated[kind];
    if (!target || !held || target.resources === 0 || held.resources === 0) {
      fitted[kind] = state;
      continue;
    }
    let missing = Math.round(target.bytes / target.resources - held.bytes / held.resources);
    const entries = Object.entries(state.outputs);
    while (missing < 0 && entries.length > 0) {
      const [key, value] = entries.pop() as [string, Json];
      missing += entryBytes(key, value);
    }
    fitted[kind] = { outputs: Object.fromEntries(entries), padBytes: Math.max(0, missing - padOverheadBytes) };
  }
  return fitted;
}
