/**
 * Named services of one local server: `--services dev,staging,prod` and `POST /_local/services` make them, so
 * environment cloning can be rehearsed on one machine. Each is isolated as the real service's are, and each has an
 * admin credential a start can print.
 */
import { HttpError } from "../core/errors";
import { startupCredential } from "../http/permissions";
import type { Store } from "../state/store";

export interface ServiceCredentials {
  name: string;
  serviceId: string;
  clientId: string;
  secret: string;
}

const serviceName = /^[A-Za-z0-9][A-Za-z0-9_-]{0,62}$/;

/** Why `name` cannot name a service, or undefined. */
export function serviceNameProblem(name: unknown): string | undefined {
  if (typeof name !== "string" || !serviceName.test(name)) {
    return "A service name is 1 to 63 characters of a-z, A-Z, 0-9, '_' and '-', starting with a letter or digit";
  }
  return undefined;
}

function credentialsOf(store: Store, serviceId: string): ServiceCredentials {
  const cred = startupCredential(store, serviceId);
  return { name: store.service(serviceId)?.name ?? "", serviceId, clientId: cred.clientId, secret: cred.secret };
}

/** A new service; 400 on a bad name, 409 when a service of that name exists. */
export function addService(store: Store, name: unknown): ServiceCredentials {
  const problem = serviceNameProblem(name);
  if (problem) throw new HttpError(400, problem);
  if (Object.values(store.state.services).some((service) => service.name === name)) {
    throw new HttpError(409, `A service named '${String(name)}' already exists`);
  }
  return credentialsOf(store, store.createService(String(name)).serviceId);
}

/** The services named, made where missing (a restart on the same --data finds them, with the same credentials). */
export function ensureServices(store: Store, names: readonly string[]): void {
  for (const name of names) {
    const problem = serviceNameProblem(name);
    if (problem) throw new Error(`--services: '${name}': ${problem}`);
    if (!Object.values(store.state.services).some((service) => service.name === name)) store.createService(name);
  }
}

/** Every service with an admin credential, the default one first. */
export function allServices(store: Store): ServiceCredentials[] {
  const ids = Object.values(store.state.services)
    .sort((a, b) => a.createdAt - b.createdAt)
    .map((service) => service.id);
  const first = store.state.defaultServiceId;
  return [first, ...ids.filter((id) => id !== first)].map((id) => credentialsOf(store, id));
}
