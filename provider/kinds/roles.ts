/** What an answer says of an object's roles: Role objects (or their ids) in `roles`, or bare `role_ids`. */
interface RolesHolder {
  roles?: Array<string | { id?: string | null; key?: string | null }> | null;
  role_ids?: string[] | null;
}

/**
 * The declared roles while the live ones are the same set, each named by its id or its key (the program may use
 * either), else the live ids; undefined when the answer says nothing of roles.
 */
export function liveRoles(live: RolesHolder, prior: string[] | undefined): string[] | undefined {
  if (live.roles === undefined || live.roles === null) return live.role_ids ?? undefined;
  const names = live.roles.map((role) =>
    typeof role === "string" ? [role] : [role.id, role.key].filter((name): name is string => Boolean(name)),
  );
  const ids = names.map((aliases) => aliases[0] ?? "");
  if (prior === undefined) return ids;
  const sameSet =
    prior.length === names.length &&
    prior.every((name) => names.some((aliases) => aliases.includes(name))) &&
    names.every((aliases) => prior.some((name) => aliases.includes(name)));
  return sameSet ? prior : ids;
}
