// Owns the state object, its persistence, and the time-driven housekeeping shared by every area.
import { objectId, secretString, uuid } from "../core/ids";
import { loadState, Persister } from "./persist";
import type { CredentialRecord, ServiceRecord, State, TagRecord } from "./types";

export interface Timings {
  statusDelayMs: number;
  deleteDelayMs: number;
  topicDiscoveryDelayMs: number;
  tokenTtlSeconds: number;
  snapshotDurationMs: number;
}

/** Who is calling: resolved from the bearer token by the auth hook. */
export interface Caller {
  serviceId: string;
  tenantId: string;
  clientId: string;
  projectKeyId: string | null;
}

export const SYSTEM_TAGS = ["Development", "Production"] as const;

function emptyState(): State {
  return {
    format: 1,
    signingKey: secretString(48),
    defaultServiceId: "",
    services: {},
    credentials: {},
    connectors: {},
    pipelines: {},
    topics: {},
    topicData: {},
    tags: {},
    transforms: {},
    projectKeys: {},
  };
}

export class Store {
  readonly state: State;
  private readonly persister: Persister | undefined;

  constructor(
    readonly timings: Timings,
    dataDir?: string,
  ) {
    this.state = (dataDir ? loadState(dataDir) : undefined) ?? emptyState();
    this.persister = dataDir ? new Persister(dataDir, () => this.state) : undefined;
    if (!this.state.defaultServiceId) {
      this.state.defaultServiceId = this.createService("default").serviceId;
    }
  }

  /** Every mutation calls this so the change reaches disk (batched). */
  changed(): void {
    this.persister?.markDirty();
  }

  flush(): void {
    this.persister?.flush();
  }

  service(id: string): ServiceRecord | undefined {
    return this.state.services[id];
  }

  createService(name = "service"): { clientId: string; secret: string; serviceId: string } {
    const tenantId = Object.values(this.state.services)[0]?.tenantId ?? uuid();
    const service: ServiceRecord = { id: uuid(), name, tenantId, subId: objectId(), createdAt: Date.now() };
    this.state.services[service.id] = service;
    for (const tagName of SYSTEM_TAGS) {
      const tag: TagRecord = {
        id: objectId(),
        serviceId: service.id,
        name: tagName,
        description: `${tagName} environment`,
        type: ["pipeline", "source", "destination", "transform", "topic"],
        system: true,
        custom: false,
        createdAt: Date.now(),
        createdFrom: "api",
      };
      this.state.tags[tag.id] = tag;
    }
    const cred = this.addCredential(service.id, "Default API credentials", ["admin"]);
    this.changed();
    return { clientId: cred.clientId, secret: cred.secret, serviceId: service.id };
  }

  addCredential(serviceId: string, description: string | null, roles: string[], projectKeyId?: string) {
    const cred: CredentialRecord = {
      clientId: `client_${objectId()}`,
      secret: secretString(32),
      serviceId,
      description,
      createdAt: Date.now(),
      roles,
      projectKeyId,
    };
    this.state.credentials[cred.clientId] = cred;
    this.changed();
    return cred;
  }

  /** The first credential of the default service: what `pulumi-streamkap local` prints. */
  defaultCredential(): CredentialRecord {
    const cred = Object.values(this.state.credentials).find(
      (c) => c.serviceId === this.state.defaultServiceId && !c.projectKeyId,
    );
    if (!cred) throw new Error("default service has no credential");
    return cred;
  }

  /** Removes objects whose asynchronous delete has completed. Cheap; called before every request. */
  sweep(now = Date.now()): void {
    let removed = false;
    for (const [id, c] of Object.entries(this.state.connectors)) {
      if (c.deleteAt !== undefined && c.deleteAt <= now) {
        delete this.state.connectors[id];
        for (const [key, t] of Object.entries(this.state.topics)) {
          if (t.entityType === "source" && t.entityId === id) {
            delete this.state.topics[key];
            delete this.state.topicData[key];
          }
        }
        removed = true;
      }
    }
    for (const [id, t] of Object.entries(this.state.transforms)) {
      if (t.deleteAt !== undefined && t.deleteAt <= now) {
        delete this.state.transforms[id];
        removed = true;
      }
    }
    for (const [id, k] of Object.entries(this.state.projectKeys)) {
      if (k.deleteAt !== undefined && k.deleteAt <= now) {
        delete this.state.projectKeys[id];
        delete this.state.credentials[k.clientId];
        removed = true;
      }
    }
    if (removed) this.changed();
  }
}
