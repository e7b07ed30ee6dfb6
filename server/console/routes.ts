/**
 * The console's routes under /console: sign-in with a credential of the service, the lineage, a list per kind,
 * an object's page, and the edits a console user makes (pause, resume, change a setting). Pages are rendered
 * here from the public API's answers (client.ts); the routes themselves are not part of the API: no faults, no
 * bearer token (a session cookie instead), not counted in the call stats. They are registered by the console's
 * plugin (plugin.ts), in its scope, under its prefix.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";

import type { FaultSettings } from "../faults/engine";
import type { RequestRecord } from "../http/stats";
import { expectState, sameTags } from "../http/preconditions";
import { ConsoleApi, ConsoleApiError, type Session, Sessions, SignInThrottle, signIn } from "./client";
import { drawnPart, focusOn, lineageOf, type LineageRecords } from "./lineage";
import {
  deletePage,
  faultsPage,
  type HistoryVersion,
  kindView,
  type KindView,
  lineagePage,
  type Listed,
  listPage,
  type Notice,
  objectPage,
  type TopicRecord,
  type ObjectRecord,
  problemPage,
  requestsPage,
  type ServiceTag,
  signInPage,
  type Viewer,
} from "./views";

export const consolePath = "/console";
const cookieName = "streamkap_console";
const pageSize = 50;
/** The most pages of 100 the lineage reads per kind: 5,000 objects. */
const lineagePages = 50;

interface Envelope<T> {
  result: T[];
  total?: number;
  has_next?: boolean;
}

/** The items of a list answer: the paginated `result`, `/tags`'s unpaginated `tags`, or a bare array. */
function itemsOf<T>(answer: Envelope<T> | { tags?: T[] } | T[]): T[] {
  if (Array.isArray(answer)) return answer;
  if ("result" in answer && Array.isArray(answer.result)) return answer.result;
  return "tags" in answer && Array.isArray(answer.tags) ? answer.tags : [];
}

/**
 * A listed object with the id and name the console shows and links by. A Kafka user has only its username: its id
 * and name are added as hidden properties, so that its page lists the fields the API answered and no others.
 */
function named<T extends object>(view: KindView, item: T): T & { id: string; name: string } {
  const copy = { ...item } as T & { id: string; name: string };
  const id = String((item as Record<string, unknown>)[view.idField ?? "id"] ?? "");
  if (copy.id !== id) Object.defineProperty(copy, "id", { value: id, enumerable: false });
  if (typeof copy.name !== "string") Object.defineProperty(copy, "name", { value: id, enumerable: false });
  return copy;
}

/** A signed-in request: the user's session, their view of the API, and who they are. */
interface Signed {
  session: Session & { notice?: Notice; serviceId?: string; admin?: boolean };
  api: ConsoleApi;
  viewer: Viewer;
}

/** The most requests the request log page shows: the newest. */
const requestLogRows = 200;

function cookieOf(request: FastifyRequest): string | undefined {
  const header = request.headers.cookie ?? "";
  for (const part of header.split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === cookieName) return value.join("=");
  }
  return undefined;
}

/** A form post comes from a page of this console: its Origin (when the browser sends one) is this server. */
function sameOrigin(request: FastifyRequest): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === "null") return origin === undefined;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

function formField(request: FastifyRequest, name: string): string {
  return formFields(request, name)[0] ?? "";
}

/** Every value of a form field (checkboxes send one per ticked box, or nothing). */
function formFields(request: FastifyRequest, name: string): string[] {
  const body = request.body as Record<string, unknown> | undefined;
  const value = body?.[name];
  if (typeof value === "string") return [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function sendPage(reply: FastifyReply, status: number, text: string): FastifyReply {
  return reply
    .code(status)
    .header("Cache-Control", "no-store")
    .header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; form-action 'self'; frame-ancestors 'none'",
    )
    .header("X-Content-Type-Options", "nosniff")
    .type("text/html; charset=utf-8")
    .send(text);
}

/** Every object of a kind, page by page, as the API lists them. */
async function listAll<T>(api: ConsoleApi, path: string): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; page <= lineagePages; page++) {
    const answer = await api.get<Envelope<T>>(`${path}?page=${page}&page_size=100`);
    items.push(...answer.result);
    if (!answer.has_next) break;
  }
  return items;
}

/** A topic's newest records, newest first: the API pages them oldest first, so its last page. */
async function newestRecords(api: ConsoleApi, topicId: string): Promise<{ items: TopicRecord[]; total: number }> {
  const path = `/topics/messages?topic_id=${encodeURIComponent(topicId)}&page_size=${pageSize}`;
  const first = await api.get<Envelope<TopicRecord>>(`${path}&page=1`);
  const total = first.total ?? first.result.length;
  const last = Math.max(1, Math.ceil(total / pageSize));
  if (last === 1) return { items: [...first.result].reverse(), total };
  // The last page may hold only a few: the one before it fills the view.
  const [before, end] = await Promise.all(
    [last - 1, last].map((page) => api.get<Envelope<TopicRecord>>(`${path}&page=${page}`)),
  );
  const newest = [...before.result, ...end.result].slice(-pageSize);
  return { items: newest.reverse(), total };
}

/** An edit not made because the object changed since the user's page showed it (issue #39, M1). */
class StaleEdit extends Error {}

/**
 * Runs one console edit of an object at a time (issue #39, M1): the read, the version check and the write of one
 * edit never interleave with another console edit of the same object. Edits of other objects run freely.
 */
class EditQueues {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve();
    const turn = before.then(work, work);
    const tail = turn.catch(() => undefined);
    this.tails.set(key, tail);
    try {
      return await turn;
    } finally {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}

/** The newest version of a connector's config history: what an edit form was made from. */
interface NewestVersion {
  version: number;
  actor: string;
  origin: string;
}

/**
 * The console's routes, on the console plugin's instance (its prefix is `consolePath`, so their paths are relative
 * to it); the plugin gives each its route options (plugin.ts).
 */
export function registerConsoleRoutes(app: FastifyInstance, options: { now?: () => number } = {}): void {
  const sessions = new Sessions(options.now);
  const throttle = new SignInThrottle(options.now);
  const editQueues = new EditQueues();

  /** The signed-in user of the request, or undefined (the caller sends them to sign in). */
  const signed = (request: FastifyRequest): Signed | undefined => {
    const session = sessions.find(cookieOf(request)) as Signed["session"] | undefined;
    if (!session) return undefined;
    const viewer = {
      clientId: session.clientId,
      serviceName: `service ${(session.serviceId ?? "").slice(0, 8)}`,
      admin: session.admin === true,
    };
    return { session, api: new ConsoleApi(app, session), viewer };
  };

  /** A page for signed-in users: the sign-in page for anyone else, the API's refusal as a page. */
  const signedPage =
    (render: (request: FastifyRequest, user: Signed) => Promise<string>) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const user = signed(request);
      if (!user) return reply.redirect(`${consolePath}/sign-in`, 303);
      try {
        return sendPage(reply, 200, await render(request, user));
      } catch (error) {
        if (!(error instanceof ConsoleApiError)) throw error;
        const text = `The service answered ${error.status}: ${error.detail} (request id ${error.requestId}).`;
        return sendPage(reply, error.status === 404 ? 404 : 502, problemPage(user.viewer, "Not shown", text));
      }
    };

  /** An edit: done through the API as the user, then back to the object's page with what happened. */
  const edit =
    (
      act: (user: Signed, view: KindView, id: string, request: FastifyRequest) => Promise<string>,
      options: { connectorsOnly: boolean; doneAt?: "list" } = { connectorsOnly: true },
    ) =>
    async (request: FastifyRequest<{ Params: { kind: string; id: string } }>, reply: FastifyReply) => {
      const user = signed(request);
      if (!user) return reply.redirect(`${consolePath}/sign-in`, 303);
      if (!sameOrigin(request))
        return sendPage(reply, 403, problemPage(user.viewer, "Refused", "A form of another site."));
      const view = kindView(request.params.kind);
      if (!view || (options.connectorsOnly && !view.connector))
        return sendPage(reply, 404, problemPage(user.viewer, "Not found", "No such page."));
      const objectPath = `${consolePath}/${view.path}/${encodeURIComponent(request.params.id)}`;
      try {
        user.session.notice = { kind: "done", text: await act(user, view, request.params.id, request) };
      } catch (error) {
        if (error instanceof StaleEdit) {
          user.session.notice = { kind: "problem", text: error.message };
          return reply.redirect(objectPath, 303);
        }
        if (!(error instanceof ConsoleApiError)) throw error;
        user.session.notice = {
          kind: "problem",
          text: `The service refused: ${error.detail} (${error.status}, request id ${error.requestId}).`,
        };
        return reply.redirect(objectPath, 303);
      }
      return reply.redirect(options.doneAt === "list" ? `${consolePath}/${view.path}` : objectPath, 303);
    };

  /** An object as its page shows it: read by id, or found in its kind's list (tags, Kafka users). */
  const readObject = async (user: Signed, view: KindView, id: string): Promise<ObjectRecord> => {
    const answer = view.one
      ? await user.api.get<Envelope<ObjectRecord> | ObjectRecord>(view.one(encodeURIComponent(id)))
      : {
          result: itemsOf(await user.api.get<Envelope<ObjectRecord> | ObjectRecord[]>(view.list))
            .map((item) => named(view, item))
            .filter((item) => item.id === id),
        };
    const record = "result" in answer && Array.isArray(answer.result) ? answer.result[0] : (answer as ObjectRecord);
    if (!record) throw new ConsoleApiError(404, `no ${view.noun} ${id}`, "");
    return named(view, record);
  };

  /** The newest config-history version of a connector (the history lists newest first). */
  const newestVersion = async (user: Signed, path: string): Promise<NewestVersion> => {
    const [newest] = (await user.api.get<Envelope<NewestVersion>>(`${path}/config-history?page=1&page_size=1`)).result;
    if (!newest) throw new ConsoleApiError(404, `no config history at ${path}`, "");
    return newest;
  };

  const staleEdit = (view: KindView, newest: NewestVersion) =>
    new StaleEdit(
      `Not saved: the ${view.noun} was changed meanwhile by ${newest.actor} (from ${newest.origin}, now version ` +
        `${newest.version}); reload the page to see it and make your change again.`,
    );
  // Tags and the name add no config version: who changed them is not recorded.
  const staleTags = (view: KindView) =>
    new StaleEdit(
      `Not saved: the ${view.noun}'s name or tags were changed meanwhile; reload the page to see them and make ` +
        `your change again.`,
    );
  const tagIds = (record: ObjectRecord): string[] => (record.tags ?? []).map(String);

  /**
   * A connector changed as the API takes a change: the whole of it back, as read (masked secrets keep their stored
   * values), with what `change` makes of it; answered at once (`wait=false`). Only if it is still at `seen`, the
   * version the user's page showed (issue #39, M1): one console edit of an object at a time, the version read
   * before the object (so the object is never older than the version checked), and the write conditioned on that
   * version in-process, so that an API writer in between makes it refused, never overwritten.
   */
  const putConnector = async (
    user: Signed,
    view: KindView,
    id: string,
    seen: { version: number; tags?: string[] },
    change: (live: ObjectRecord) => { config: Record<string, unknown>; tags?: string[] },
  ): Promise<void> => {
    const path = `/${view.path}/${encodeURIComponent(id)}`;
    await editQueues.run(`${user.session.serviceId ?? ""} ${path}`, async () => {
      const newest = await newestVersion(user, path);
      if (newest.version !== seen.version) throw staleEdit(view, newest);
      const [live] = (await user.api.get<Envelope<ObjectRecord>>(path)).result;
      if (!live) throw new ConsoleApiError(404, `no ${view.noun} ${id}`, "");
      if (seen.tags && !sameTags(tagIds(live), seen.tags)) throw staleTags(view);
      const condition = expectState({ version: newest.version, name: live.name, tags: tagIds(live) });
      try {
        const body = { name: live.name, connector: live.connector, ...change(live) };
        await user.api.send("PUT", `${path}?wait=false`, body, condition.headers);
      } catch (error) {
        if (error instanceof ConsoleApiError && error.status === 409 && error.detail.startsWith("Changed meanwhile")) {
          const now = await newestVersion(user, path);
          throw now.version === newest.version ? staleTags(view) : staleEdit(view, now);
        }
        throw error;
      } finally {
        condition.release();
      }
    });
  };

  /**
   * What the edit form was made from (its hidden fields): the config version, and for the tags form the tags it
   * showed ticked; a form without them is refused rather than guessed.
   */
  const seenState = (request: FastifyRequest, withTags = false): { version: number; tags?: string[] } => {
    const version = Number.parseInt(formField(request, "version"), 10);
    const missing = new StaleEdit("Not saved: the form did not say what it showed; reload the page and try again.");
    if (!Number.isSafeInteger(version)) throw missing;
    if (!withTags) return { version };
    let tags: unknown;
    try {
      tags = JSON.parse(formField(request, "seen_tags"));
    } catch {
      throw missing;
    }
    if (!Array.isArray(tags) || !tags.every((tag) => typeof tag === "string")) throw missing;
    return { version, tags };
  };

  /** The outcome of the user's last edit, shown once: on the page the edit led to. */
  const takeNotice = (user: Signed): Notice | undefined => {
    const notice = user.session.notice;
    user.session.notice = undefined;
    return notice;
  };

  const serviceTags = async (user: Signed): Promise<ServiceTag[]> =>
    itemsOf(await user.api.get<{ tags?: ServiceTag[] }>("/tags"));

  app.get("", async (request, reply) =>
    reply.redirect(signed(request) ? `${consolePath}/lineage` : `${consolePath}/sign-in`, 303),
  );
  app.get("/sign-in", async (_request, reply) => sendPage(reply, 200, signInPage()));
  app.post("/sign-in", async (request, reply) => {
    if (!sameOrigin(request)) return sendPage(reply, 403, signInPage("A form of another site: refused."));
    const clientId = formField(request, "client_id").trim();
    const secret = formField(request, "secret");
    const wait = throttle.waitSeconds(clientId);
    if (wait > 0) {
      reply.header("Retry-After", String(wait));
      return sendPage(reply, 429, signInPage(`Too many failed sign-ins for this client id: try again in ${wait} s.`));
    }
    let token: string;
    try {
      token = await signIn(app, clientId, secret);
    } catch (error) {
      if (!(error instanceof ConsoleApiError)) throw error;
      if (error.status === 401 || error.status === 403) throttle.failed(clientId);
      return sendPage(reply, 401, signInPage(`The service refused these credentials: ${error.detail}.`));
    }
    throttle.succeeded(clientId);
    const session = sessions.open(clientId, secret, token) as Signed["session"] | undefined;
    if (!session) return sendPage(reply, 503, signInPage("The console has as many sessions as it may: try later."));
    try {
      const api = new ConsoleApi(app, session);
      session.serviceId = (await api.get<{ service_id?: string }>("/auth/whoami")).service_id;
      // An admin of the service may see the local server's request log and faults: /_local answers it alone.
      session.admin = await api.get("/_local/faults").then(
        () => true,
        () => false,
      );
      return reply
        .header("Set-Cookie", `${cookieName}=${session.id}; HttpOnly; SameSite=Strict; Path=${consolePath}`)
        .redirect(`${consolePath}/lineage`, 303);
    } catch (error) {
      sessions.close(session.id);
      if (!(error instanceof ConsoleApiError)) throw error;
      return sendPage(reply, 401, signInPage(`The service refused these credentials: ${error.detail}.`));
    }
  });
  app.post("/sign-out", async (request, reply) => {
    // Same-site pages (any port of 127.0.0.1) pass SameSite=Strict: only this console's own pages sign out.
    if (!sameOrigin(request)) return sendPage(reply, 403, signInPage("A form of another site: refused."));
    sessions.close(cookieOf(request));
    return reply
      .header("Set-Cookie", `${cookieName}=; HttpOnly; SameSite=Strict; Path=${consolePath}; Max-Age=0`)
      .redirect(`${consolePath}/sign-in`, 303);
  });

  app.get(
    "/lineage",
    signedPage(async (request, user) => {
      // Each list once, page by page: linear in the objects. Topics are their sources' own (lineage.ts).
      const [sources, destinations, pipelines, transforms] = await Promise.all([
        listAll<LineageRecords["sources"][number]>(user.api, "/sources"),
        listAll<LineageRecords["destinations"][number]>(user.api, "/destinations"),
        listAll<LineageRecords["pipelines"][number]>(user.api, "/pipelines"),
        listAll<LineageRecords["transforms"][number]>(user.api, "/transforms"),
      ]);
      const lineage = lineageOf({ sources, destinations, pipelines, transforms });
      const search = ((request.query as { q?: string }).q ?? "").trim();
      const found = focusOn(lineage, search);
      return lineagePage(user.viewer, found, { search, all: lineage.nodes.length, drawn: drawnPart(found) });
    }),
  );

  app.get<{ Params: { kind: string }; Querystring: { q?: string; page?: string } }>(
    "/:kind",
    signedPage(async (request, user) => {
      const { kind } = request.params as { kind: string };
      const view = kindView(kind);
      if (!view) throw new ConsoleApiError(404, `the console has no list of ${kind}`, "");
      const query = request.query as { q?: string; page?: string };
      const search = (query.q ?? "").trim();
      const pageNumber = Math.max(1, Number.parseInt(query.page ?? "1", 10) || 1);
      const notice = takeNotice(user);
      if (view.whole) {
        // The API answers every object at once: search and page here, as its own lists do.
        const all = itemsOf(await user.api.get<Listed[]>(view.list))
          .map((item) => named(view, item))
          .filter((item) => item.name.toLowerCase().includes(search.toLowerCase()));
        const items = all.slice((pageNumber - 1) * pageSize, pageNumber * pageSize);
        const hasNext = pageNumber * pageSize < all.length;
        return listPage(user.viewer, view, { items, total: all.length, page: pageNumber, hasNext, search }, notice);
      }
      const params = new URLSearchParams({ page: String(pageNumber), page_size: String(pageSize) });
      if (search) params.set(view.search ?? "partial_name", search);
      const answer = await user.api.get<Envelope<Listed>>(`${view.list}?${params}`);
      const items = itemsOf(answer);
      return listPage(
        user.viewer,
        view,
        {
          items,
          total: answer.total ?? items.length,
          page: pageNumber,
          hasNext: answer.has_next ?? false,
          search,
        },
        notice,
      );
    }),
  );

  app.get<{ Params: { kind: string; id: string } }>(
    "/:kind/:id",
    signedPage(async (request, user) => {
      const { kind, id } = request.params as { kind: string; id: string };
      const view = kindView(kind);
      if (!view) throw new ConsoleApiError(404, `the console has no page for ${kind}`, "");
      // The history before the object: an edit form made from them carries a version no newer than the values it
      // shows, so an edit from it can only be refused for a change it did not see, never overwrite one.
      const history = view.connector
        ? (
            await user.api.get<Envelope<HistoryVersion>>(
              `/${view.path}/${encodeURIComponent(id)}/config-history?page_size=100`,
            )
          ).result
        : undefined;
      const record = await readObject(user, view, id);
      const tags = await serviceTags(user);
      const records = view.path === "topics" ? await newestRecords(user.api, id) : undefined;
      const notice = takeNotice(user);
      return objectPage(user.viewer, view, record, { history, notice, records, tags });
    }),
  );

  app.get<{ Params: { kind: string; id: string } }>(
    "/:kind/:id/delete",
    signedPage(async (request, user) => {
      const { kind, id } = request.params as { kind: string; id: string };
      const view = kindView(kind);
      if (!view) throw new ConsoleApiError(404, `the console has no page for ${kind}`, "");
      return deletePage(user.viewer, view, await readObject(user, view, id));
    }),
  );

  app.post<{ Params: { kind: string; id: string } }>(
    "/:kind/:id/delete",
    edit(
      async (user, view, id) => {
        const { name } = await readObject(user, view, id);
        await user.api.send("DELETE", view.remove(encodeURIComponent(id)));
        return `Deleted the ${view.noun} ${name}.`;
      },
      { connectorsOnly: false, doneAt: "list" },
    ),
  );

  app.post<{ Params: { kind: string; id: string } }>(
    "/:kind/:id/tags",
    edit(async (user, view, id, request) => {
      const tags = formFields(request, "tag");
      // Tags travel with the whole connector, as the API takes them.
      await putConnector(user, view, id, seenState(request, true), (live) => ({ config: live.config ?? {}, tags }));
      return tags.length === 0 ? "Took every tag off." : `Saved ${tags.length} tag${tags.length === 1 ? "" : "s"}.`;
    }),
  );

  app.get<{ Querystring: { q?: string } }>(
    "/requests",
    signedPage(async (request, user) => {
      const search = ((request.query as { q?: string }).q ?? "").trim();
      const all = (await user.api.get<{ requests: RequestRecord[] }>("/_local/requests")).requests;
      const matching = all.filter((entry) => entry.path.includes(search));
      const items = matching.slice(-requestLogRows).reverse();
      return requestsPage(user.viewer, { items, total: all.length, matched: matching.length, search });
    }),
  );

  app.get(
    "/faults",
    signedPage(async (_request, user) => faultsPage(user.viewer, await user.api.get<FaultSettings>("/_local/faults"))),
  );

  for (const action of ["pause", "resume"] as const) {
    app.post<{ Params: { kind: string; id: string } }>(
      `/:kind/:id/${action}`,
      edit(async (user, view, id) => {
        await user.api.send("PUT", `/${view.path}/${encodeURIComponent(id)}/${action}`);
        return action === "pause" ? `Paused the ${view.noun}.` : `Resumed the ${view.noun}.`;
      }),
    );
  }

  app.post<{ Params: { kind: string; id: string } }>(
    "/:kind/:id/setting",
    edit(async (user, view, id, request) => {
      const key = formField(request, "key");
      const value = formField(request, "value");
      await putConnector(user, view, id, seenState(request), (live) => ({
        config: { ...(live.config ?? {}), [key]: value },
      }));
      return `Changed ${key}.`;
    }),
  );
}
