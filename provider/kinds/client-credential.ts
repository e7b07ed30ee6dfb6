import { z } from "zod";

import { type ClientCredentialRecord, clientCredentialRecord, roleRecord } from "../client/responses";
import { inputSchema, type JsonObject, type KindContext, type KindDescription } from "../engine/kind";
import { compact, repeatedEntry } from "../engine/values";
import { ErrorCodes, errors, StreamkapError } from "../errors";
import { keptSecrets, liveSetting, revealed } from "./live-values";
import { liveRoles } from "./roles";

export const clientCredentialInputsSchema = z.strictObject({
  roles: z.array(z.string().min(1, "must not be empty")).min(1, "must list at least one role"),
  description: z.string().max(1000, "must be at most 1000 characters").optional(),
  adoptedSecret: z.string().min(1, "must not be empty").optional(),
});
export type ClientCredentialInputs = z.infer<typeof clientCredentialInputsSchema> & JsonObject;

/** Shown by the service once, at creation; kept in state from then on. */
const shownOnce = ["secret"] as const;

/**
 * The role ids the service takes for the roles the program names, each by its id or its key (`viewer` or
 * `role_viewer`): the documented body has `role_ids` only (DOCS create-client-credential). A caller that may not
 * read the roles (`GET /auth/roles` answers 401 or 403) sends the names as given, as ids, and the service judges
 * them: the list is a convenience, not a permission the create needs.
 */
async function roleIds(roles: readonly string[], context: KindContext): Promise<string[]> {
  const known = await context.client
    .call({ method: "GET", path: "/auth/roles", schema: z.array(roleRecord) })
    .catch((error: unknown) => {
      if (StreamkapError.is(error) && error.code === ErrorCodes.unauthorized) return undefined;
      throw error;
    });
  if (known === undefined) return [...roles];
  return roles.map((name) => {
    const role = known.find((candidate) => candidate.id === name || candidate.key === name);
    if (role === undefined) {
      throw errors.of(
        context.label,
        ErrorCodes.rejected,
        `\`roles\` names a role this service does not have. Its roles are ` +
          `${known.map((candidate) => `${candidate.key ?? candidate.id} (${candidate.id})`).join(", ")}; ` +
          "name them by key or id (see `getRoles()`).",
      );
    }
    return role.id;
  });
}

/**
 * An API client credential: a client id and secret that get access tokens with the permissions of its roles.
 * The secret is shown once, at creation, and kept in state as a secret output. The service cannot change a
 * credential's roles (the reference client replaces it; TF internal/resource/client_credential), so new roles
 * mean a new credential, made before the old one is deleted.
 */
export const clientCredentialKind: KindDescription<ClientCredentialInputs, ClientCredentialRecord> = {
  noun: "client credential",
  schema: inputSchema<ClientCredentialInputs>(clientCredentialInputsSchema),
  rules: (news, olds, facts) => {
    const repeated = repeatedEntry(Array.isArray(news.roles) ? news.roles : []);
    return [
      ...(repeated === undefined ? [] : [{ property: "roles", reason: "`roles` lists the same role more than once" }]),
      // A new credential's secret is the service's to make: one given for it would be a lie kept in state.
      ...(news.adoptedSecret !== undefined && olds === undefined && facts?.adopting !== true
        ? [
            {
              property: "adoptedSecret",
              reason:
                "`adoptedSecret` is the secret of a credential taken over with `adopt`; a new credential's secret " +
                "comes from the service: remove it, or add `adopt` with the credential's client id",
            },
          ]
        : []),
    ];
  },
  replaceOn: ["roles"],
  // Where the adopted credential's secret comes from; the service never shows it again, so there is nothing to
  // compare it with or to send.
  hints: ["adoptedSecret"],
  adoptedOutputs: (inputs) => compact({ secret: inputs.adoptedSecret }),
  secretKeys: () => ["adoptedSecret"],
  uniqueNames: false,
  adoptByName: false,
  api: {
    collection: "/auth/client-credentials",
    record: clientCredentialRecord,
    idOf: (live) => live.client_id,
    nameOf: () => undefined,
    createBody: async (inputs, context) =>
      compact({
        role_ids: await roleIds(inputs.roles, context),
        description: inputs.description,
        created_from: context.createdFrom,
      }),
    updateBody: (inputs) => ({ description: inputs.description ?? null }),
    updateRequest: (id, body) => ({
      method: "PATCH",
      path: `/auth/client-credentials/${encodeURIComponent(id)}`,
      body,
    }),
    // There is no GET by client id: the reference client reads the list and picks the credential.
    getRequest: () => ({ method: "GET", path: "/auth/client-credentials" }),
    asyncDelete: false,
  },
  outputs: (live) =>
    compact({
      clientId: live.client_id,
      secret: revealed(live.secret),
      serviceId: live.service_id ?? undefined,
      createdAt: live.created_at ?? undefined,
    }),
  liveInputs: (live, prior) =>
    compact({
      ...prior,
      roles: liveRoles(live, prior.roles) ?? prior.roles,
      description: liveSetting(prior.description, live.description ?? null, ""),
    }) as ClientCredentialInputs,
  // The create answer holds the secret; an update's answer masks it, so the one from before is kept.
  converge: async (_self, live, _inputs, previous) => {
    const current = clientCredentialKind.outputs(live);
    return { ...current, ...keptSecrets(current, previous, shownOnce) };
  },
};
