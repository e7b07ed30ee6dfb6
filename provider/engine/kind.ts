import type { z } from "zod";

import { pathText } from "./paths";

import type { StreamkapClient } from "../client/client";
import type { CreatedFrom } from "../settings";

/** Plain JSON, the only thing the engine can store in state. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/** One offline validation problem: a top-level input and the reason, with the full path in the text. */
export interface CheckFailure {
  property: string;
  reason: string;
  /**
   * Where inside the inputs, for a problem with one value (`["config", "database.port"]`), with `rule` the
   * problem without the path. Views that rename inputs (typed connectors) rename this path and compose the reason
   * again: never the text.
   */
  path?: readonly (string | number)[];
  rule?: string;
}

/** A problem with the value at `path`: the reason is the path as the program writes it, then the rule. */
export function failureAt(path: readonly (string | number)[], rule: string): CheckFailure {
  return { property: String(path[0]), path, rule, reason: `\`${pathText(path)}\` ${rule}` };
}

/** What a kind's hooks may use at run time. */
export interface KindContext {
  client: StreamkapClient;
  createdFrom: CreatedFrom;
  /** `source "orders-db"`: how messages name the resource. */
  label: string;
}

/**
 * Everything that makes one resource kind different from another, as data and small pure functions.
 * The engine (check, diff, create, read, update, delete) is the same for all of them.
 *
 * `I` is the kind's inputs as they are stored in state; `L` is the object as the service answers it.
 */
/**
 * A kind's input schema: a zod object, so that the engine can list the inputs (`shape`) and check the ones a
 * preview already knows (`partial`) without casts.
 */
export type InputSchema<I extends JsonObject> = z.ZodType<I> & {
  readonly shape: Readonly<Record<string, unknown>>;
  partial(): z.ZodType<Partial<I>>;
};

/** A zod object as a kind's input schema: what zod infers, stored as JSON (`I`). */
export function inputSchema<I extends JsonObject>(schema: z.ZodObject): InputSchema<I> {
  return schema as unknown as InputSchema<I>;
}

export interface KindDescription<I extends JsonObject, L> {
  /** How messages name an object of the kind, e.g. "postgresql source", "project key" (the registry key is the token). */
  noun: string;
  /** Offline validation of the inputs (unknown values are skipped by the engine). */
  schema: InputSchema<I>;
  /**
   * The inputs in the kind's own form, where its schema also accepts another (a pipeline's ends as Terraform
   * declares them, which Pulumi's Terraform converter copies): run by `check`, so the engine stores, compares and
   * applies only the kind's own form.
   */
  canonical?: (accepted: JsonObject) => I;
  /** Rules that need more than the schema: cross-field rules, old versus new inputs, the connector catalogue. */
  rules?: (news: I, olds: I | undefined, facts?: { adopting: boolean }) => CheckFailure[];
  /** Top-level inputs whose change replaces the object; `replaceWhen` adds finer-grained triggers. */
  replaceOn: readonly (keyof I & string)[];
  /** Inputs (top-level) that must be replaced because of a change inside them, e.g. a connector key. */
  replaceWhen?: (olds: I, news: I) => string[];
  /** Names are unique per service: a replacement that keeps the name must delete the old object first. */
  uniqueNames: boolean;
  /**
   * The input holding the object's unique name, by which a create whose answer was lost is found again.
   * @default "name"
   */
  nameInput?: keyof I & string;
  /**
   * The service keeps nothing that shows who made an object of this kind (no `created_from`, no config history,
   * no creation time: Kafka users), so a same-named object can never be known as one this provider made. A create
   * looks the name up first: a taken name fails before anything is sent. After a lost answer, only an object that
   * was absent then and now holds exactly the declared settings is taken as made by this run; after a refused
   * create, nothing is taken over.
   * @default false
   */
  checksNameBeforeCreate?: boolean;
  /**
   * Inputs the SDK fills from other resources' outputs so the provider can skip lookups (a pipeline's source
   * name, say). They describe other objects, not this one, so a change in them alone is never a change here.
   */
  hints?: readonly (keyof I & string)[];
  /**
   * Inputs holding lists whose order the service ignores (a tag's `types`): a program that lists them in another
   * order than the state (an import keeps the service's order) changes nothing.
   */
  unorderedInputs?: readonly (keyof I & string)[];
  /**
   * Outputs an adopted object takes from the program because the service never shows them again (a client
   * credential's secret, shown once at creation). Live values the service does show take precedence.
   */
  adoptedOutputs?(inputs: I): JsonObject;
  /**
   * Whether `adopt: "byName"` may take over an existing object. False where a same-named object may carry
   * other data (pipelines, transforms): those are adopted by id only.
   * @default true
   */
  adoptByName?: boolean;
  /**
   * The id of an object the service makes by itself that these inputs take over rather than create (a source's
   * own topic, named by `topicId` as Terraform's `streamkap_topic` names it): create adopts it, and the object is
   * named by the service, so no name is derived. Undefined for inputs that create their object.
   */
  existingObject?(inputs: I): string | undefined;
  /** The REST collection and how bodies and answers map to inputs and outputs. */
  api: KindApi<I, L>;
  /** Outputs that are not inputs, from the live object. Keys must not collide with input keys. */
  outputs(live: L): JsonObject;
  /** The inputs the live object implies, shaped like `prior` so that only real drift differs. */
  liveInputs(live: L, prior: I): I;
  /**
   * What `pulumi import` of the object by id declares (the provider plugin): the settings a program would write,
   * not the service's defaults nor secrets, which it never answers. Without it, an import declares what
   * `liveInputs` makes of no prior inputs.
   */
  importInputs?(live: L): I;
  /**
   * The settings the service holds, under their input names and types, its defaults included. Each one the
   * program leaves out becomes an output holding the live value (see live-settings.ts); they are never compared,
   * so a service default never shows as a change. Secrets are left out by the engine.
   */
  liveSettings?(live: L): JsonObject;
  /** Config keys (or inputs) whose values are secret, so that drift reports never print them. */
  secretKeys?(inputs: I): string[];
  /** The service's config key behind a top-level input (typed connectors' camelCase settings), for config history. */
  configKeyOf?(input: string): string | undefined;
  /**
   * Work after the object exists and its inputs are applied: deploys, state changes, snapshots, waiting until
   * it is ready. Runs after create (`previous` undefined) and after update (`previous` = the old outputs).
   * Returns outputs to add. When it fails, the object stays in the stack and the next `up` runs it again.
   * A failure may carry `outputs` (plain JSON, see {@link ConvergeFailure}) to store with the object anyway:
   * what was done, and the previous value of each input whose action was not, so that the next preview still
   * shows that change and the next `up` performs it exactly once.
   */
  converge?(self: ObjectHandle<L>, live: L, inputs: I, previous: JsonObject | undefined): Promise<JsonObject>;
}

/**
 * A lifecycle procedure's hold on the one object it acts on: its path and its read come from the kind's own
 * description, so no procedure rebuilds a path or reads the object its own way.
 */
export interface ObjectHandle<L> {
  context: KindContext;
  id: string;
  /** The object's own path below its collection (`/sources/{id}`); its operations sit below it (`…/pause`). */
  path: string;
  /** The object as the service has it now, undefined when it has none; `query` adds to the read's own. */
  read(query?: Record<string, string | number | boolean>): Promise<L | undefined>;
}

/** What a failing `converge` may attach to its error: outputs stored with the object despite the failure. */
export interface ConvergeFailure {
  outputs: JsonObject;
}

export interface KindApi<I extends JsonObject, L> {
  /** e.g. "/sources": POST to create, GET `${collection}/{id}`, PUT and DELETE by id, GET to list. */
  collection: string;
  /** How the service answers with one object. */
  record: z.ZodType<L>;
  idOf(live: L): string;
  nameOf(live: L): string | undefined;
  createBody(inputs: I, context: KindContext): Promise<Json> | Json;
  /**
   * `previous` holds the outputs of the last deployment (undefined when an earlier run's leftover is brought to
   * the program): what the object had, for a call that may only add to it or must not ask it to shrink.
   */
  updateBody(inputs: I, context: KindContext, id: string, previous?: JsonObject): Promise<Json> | Json;
  /**
   * Whether an update must send the update call. When false (only inputs that `converge` acts on changed), the
   * update reads the object and converges, so that e.g. pausing a connector does not also redeploy it.
   * Default: always send it.
   */
  updateNeeded?(olds: I, news: I): boolean;
  /** Query parameters of the create and update calls, e.g. `{wait: false}` when `converge` does the waiting. */
  writeQuery?: Record<string, string | number | boolean>;
  /**
   * Query parameters of the read that adopts an object, where its outputs carry a secret the service tells only
   * when asked (a webhook's API key: `{secret_returned: true}`).
   */
  adoptQuery?: Record<string, string | number | boolean>;
  /**
   * Query parameters of the read that `pulumi import` makes, where the service tells secrets only when asked
   * (connectors: `{secret_returned: true}`, as the reference client reads every connector): the imported object
   * then carries its secrets, as Pulumi secrets.
   */
  importQuery?: Record<string, string | number | boolean>;
  /** After DELETE, the object lingers until the service finishes; wait until it is gone. */
  asyncDelete: boolean;
  /** Where the objects are listed (filter `partial_name`), when not at `collection` (topics: `/topics/details`). */
  listPath?: string;
  /**
   * The list is one bare array of every object, with no name filter and no pages (Kafka users: TF
   * internal/api/kafka_user.go ListKafkaUsers): a name is looked up with one plain GET.
   */
  wholeList?: boolean;
  /**
   * The service keeps a config history at `${collection}/{id}/config-history` (and `/compare-to-original`):
   * drift reports name who changed what, when and at which version.
   */
  configHistory?: boolean;
  /** Default: GET `${collection}/{id}`. For endpoints that differ from the collection's default shape. */
  getRequest?(id: string): KindRequest;
  /**
   * Default: POST `collection` with `body`. For a kind the caller names itself and the service makes on the
   * first write (alert subscribers: `PUT /alerts/subscribers/{id}`).
   */
  createRequest?(inputs: I, body: Json): KindRequest;
  /** Default: PUT `${collection}/{id}` with `body` (transforms: `PUT /transforms` with the id in the body). */
  updateRequest?(id: string, body: Json): KindRequest;
  /**
   * Default: DELETE `${collection}/{id}` (transforms: `DELETE /transforms?id=`). Several requests are sent in
   * order, for a kind the service has no single delete for; a 404 on one of them means the object is gone and
   * ends the delete, unless the request says a 404 means only its own part is already undone (`notFound:
   * "part done"`): then the delete goes on with the next. `last` holds the outputs of the last deployment, for a
   * delete that undoes only what the program did.
   */
  deleteRequest?(id: string, last: JsonObject): DeleteRequest | DeleteRequest[];
  /**
   * The objects in a list or get answer. Default: an envelope's `result`, a bare array, or the bare object.
   * When a get answers several objects, the engine picks the one whose id it asked for.
   */
  itemsOf?(answer: unknown): unknown[];
}

/** One HTTP request of a kind whose endpoint does not follow the collection's default shape. */
export interface KindRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: Json;
}

/** One request of a delete: what a 404 to it means (default: the whole object is gone). */
export interface DeleteRequest extends KindRequest {
  notFound?: "object gone" | "part done";
}

/** The name of the key that carries the serialized provider in inputs and outputs. */
export const providerKey = "__provider";
