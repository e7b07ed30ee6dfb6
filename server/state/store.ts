// Owns the state object, its persistence, and the time-driven housekeeping shared by every area.
import { objectId, secretString, uuid } from "../core/ids";
import { normalisePipeline } from "../domain/pipelines";
import { loadState, Persister } from "./persist";
import type { CredentialRecord, ServiceRecord, State, TagRecord } from "./types";

export interface Timings {
  statusDelayMs: number;
  deleteDelayMs: number;
  topicDiscoveryDelayMs: number;
  tokenTtlSeconds: number;
  snapshotDurationMs: number;
  /** How long a write with wait=false leaves a connector `Pending Update`. */
  pendingUpdateMs: number;
  /** How long a connector just created reads as missing by id (0: not at all). */
  readLagMs: number;
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
    pluralTagTypes(this.state);
    this.persister = dataDir ? new Persister(dataDir, () => this.state) : undefined;
    for (const pipeline of Object.values(this.state.pipelines)) normalisePipeline(pipeline);
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
        // System tags are the environment tags (TF internal/resource/tag/tag.go:77-93).
        type: ["environment"],
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
    for (const [id, p] of Object.entries(this.state.pipelines)) {
      if (p.deleteAt !== undefined && p.deleteAt <= now) {
        delete this.state.pipelines[id];
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

/**
 * Tag types in the service's words (plural, `environment` for system tags). Data written by older versions of this
 * server used singular words; they are rewritten once, at load.
 */
function pluralTagTypes(state: State): void {
  const plural: Record<string, string> = {
    source: "sources",
    destination: "destinations",
    pipeline: "pipelines",
    transform: "transforms",
    topic: "topics",
  };
  for (const tag of Object.values(state.tags)) {
    tag.type = tag.system ? ["environment"] : tag.type.map((type) => plural[type] ?? type);
  }
}
