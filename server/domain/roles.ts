/**
 * The fixed roles and permissions of the local service (the real catalogue is larger; these cover the shapes).
 */
export interface Role {
  id: string;
  key: string;
  name: string;
  description: string | null;
  created_at: string | null;
  updated_at: string | null;
  permissions: string[];
}

const epoch = "2024-01-01T00:00:00.000Z";
const areaNames = [
  "sources",
  "destinations",
  "pipelines",
  "transforms",
  "topics",
  "tags",
  "project_keys",
  "credentials",
  "kafka_access",
  "alerts",
];
export const allPermissions: string[] = areaNames.flatMap((area) => [`${area}:read`, `${area}:write`]);

export const fixedRoles: Role[] = [
  {
    id: "role_admin",
    key: "admin",
    name: "Admin",
    description: "Full access to the service",
    created_at: epoch,
    updated_at: epoch,
    permissions: allPermissions,
  },
  {
    id: "role_developer",
    key: "developer",
    name: "Developer",
    description: "Manage pipelines and their parts",
    created_at: epoch,
    updated_at: epoch,
    permissions: allPermissions.filter(
      (permission) =>
        !["credentials", "project_keys", "kafka_access"].some((area) => permission.startsWith(`${area}:`)),
    ),
  },
  {
    id: "role_viewer",
    key: "viewer",
    name: "Viewer",
    description: "Read-only access",
    created_at: epoch,
    updated_at: epoch,
    permissions: allPermissions.filter((permission) => permission.endsWith(":read")),
  },
];

export function roleByKeyOrId(value: string): Role | undefined {
  return fixedRoles.find((role) => role.key === value || role.id === value);
}
