/**
 * Kafka Access: the Kafka users of the caller's service. One user is read as the reference client reads it, from
 * the list (TF internal/api/kafka_user.go GetKafkaUser): there is no GET by username.
 */
import { HttpError } from "../core/errors";
import { parseBody } from "../core/validate";
import { mustOwn, ownedIn, route, type ApiContext, type RouteDef } from "../http/context";
import {
  kafkaUserCreateBody,
  kafkaUserId,
  kafkaUsernameHolder,
  kafkaUserUpdateBody,
  projectKeyUserAsKafkaUser,
  projectKeyUsers,
  renderKafkaUser,
} from "../domain/kafka-users";
import type { StoredKafkaUser } from "../state/types";

const collection = "/kafka-access/kafka-users";
const secretFields = ["password"];

function render(ctx: ApiContext, user: StoredKafkaUser) {
  return renderKafkaUser(user, ctx.store.service(user.serviceId));
}

/** The caller's own Kafka user; a project key's is changed and deleted with its key, not here (409). */
function ownUser(ctx: ApiContext): StoredKafkaUser {
  const username = ctx.params.username ?? "";
  const holder = kafkaUsernameHolder(ctx.store, ctx.caller.serviceId, username);
  if (holder !== undefined && "projectKey" in holder) {
    throw new HttpError(
      409,
      `Kafka user '${username}' belongs to project key '${holder.projectKey.name}': change or delete it through the project key`,
    );
  }
  return mustOwn(ctx, ctx.store.state.kafkaUsers, kafkaUserId(ctx.caller.serviceId, username), "Kafka user");
}

function createUser(ctx: ApiContext) {
  const body = parseBody(kafkaUserCreateBody, ctx.body, { withInput: true, secretFields });
  const id = kafkaUserId(ctx.caller.serviceId, body.username);
  if (kafkaUsernameHolder(ctx.store, ctx.caller.serviceId, body.username)) {
    throw new HttpError(409, `A Kafka user with username '${body.username}' already exists`);
  }
  const user: StoredKafkaUser = {
    id,
    serviceId: ctx.caller.serviceId,
    username: body.username,
    password: body.password,
    whitelistIps: body.whitelist_ips ?? "",
    acls: body.kafka_acls,
    isCreateSchemaRegistry: body.is_create_schema_registry,
    createdAt: Date.now(),
    createdFrom: body.created_from,
  };
  ctx.store.state.kafkaUsers[id] = user;
  ctx.store.changed();
  return render(ctx, user);
}

function updateUser(ctx: ApiContext) {
  const user = ownUser(ctx);
  const body = parseBody(kafkaUserUpdateBody, ctx.body, { withInput: true, secretFields });
  if (body.password !== undefined) user.password = body.password;
  if (body.whitelist_ips !== undefined) user.whitelistIps = body.whitelist_ips;
  if (body.kafka_acls !== undefined) user.acls = body.kafka_acls;
  if (body.is_create_schema_registry !== undefined) user.isCreateSchemaRegistry = body.is_create_schema_registry;
  ctx.store.changed();
  return render(ctx, user);
}

export const kafkaUserRoutes: RouteDef[] = [
  // A bare array, as the reference client decodes it (TF kafka_user.go ListKafkaUsers).
  // Project keys' Kafka users are listed too: they are Kafka users of the service like any other.
  route("GET", collection, (ctx) =>
    [
      ...ownedIn(ctx, ctx.store.state.kafkaUsers),
      ...projectKeyUsers(ctx.store, ctx.caller.serviceId).map(projectKeyUserAsKafkaUser),
    ]
      .sort((a, b) => a.createdAt - b.createdAt)
      .map((user) => render(ctx, user)),
  ),
  route("POST", collection, createUser),
  route("PUT", `${collection}/:username`, updateUser),
  // "Delete returns empty 200 response" (TF kafka_user.go DeleteKafkaUser).
  route("DELETE", `${collection}/:username`, (ctx) => {
    const user = ownUser(ctx);
    delete ctx.store.state.kafkaUsers[user.id];
    ctx.store.changed();
    return null;
  }),
];
