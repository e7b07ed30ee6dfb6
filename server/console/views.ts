/**
 * The console's pages, rendered on the server from what the API answered: plain HTML with forms, so every view
 * and edit works from the keyboard and with no script. Secrets are never shown: the API masks them, and a form
 * never echoes one back.
 */
import type { FaultSettings } from "../faults/engine";
import type { RequestRecord } from "../http/stats";
import { html, type Html, raw } from "./html";
import { columns, type Lineage, lineageSvg, moreText, type NodeKind } from "./lineage";
import { consoleStyles } from "./styles";

/** The kinds the console lists, their API paths and what their pages show. */
export interface KindView {
  path: string;
  title: string;
  noun: string;
  /** The list endpoint (paginated, `partial_name` filters by name, unless `whole`). */
  list: string;
  /** The list answers every object at once (a bare array): the console searches and pages it itself. */
  whole?: boolean;
  /** The object endpoint; none for tags and Kafka users, which are read from their list. */
  one?: (id: string) => string;
  /** The field that names an object in paths (a Kafka user's `username`); `id` otherwise. */
  idField?: string;
  /** A connector: settings, status, pause/resume, tags and config history. */
  connector: boolean;
  /** The list's query parameter that filters by name (tags take `tag_name`, the others `partial_name`). */
  search?: string;
  /** Where its delete goes: `wait=false` where the API takes it, so the console answers at once. */
  remove: (id: string) => string;
}

const connectorView = (path: string, title: string, noun: string): KindView => ({
  path,
  title,
  noun,
  list: `/${path}`,
  one: (id) => `/${path}/${id}`,
  connector: true,
  remove: (id) => `/${path}/${id}?wait=false`,
});

export const kindViews: readonly KindView[] = [
  connectorView("sources", "Sources", "source"),
  connectorView("destinations", "Destinations", "destination"),
  {
    path: "pipelines",
    title: "Pipelines",
    noun: "pipeline",
    list: "/pipelines",
    one: (id) => `/pipelines/${id}`,
    connector: false,
    remove: (id) => `/pipelines/${id}?wait=false`,
  },
  {
    path: "transforms",
    title: "Transforms",
    noun: "transform",
    list: "/transforms",
    one: (id) => `/transforms/${id}`,
    connector: false,
    remove: (id) => `/transforms?id=${id}`,
  },
  {
    path: "topics",
    title: "Topics",
    noun: "topic",
    list: "/topics/details",
    one: (id) => `/topics/${id}?detailed=true`,
    connector: false,
    remove: (id) => `/topics/${id}`,
  },
  {
    path: "tags",
    title: "Tags",
    noun: "tag",
    list: "/tags",
    connector: false,
    search: "tag_name",
    remove: (id) => `/tags/${id}`,
  },
  {
    path: "kafka-users",
    title: "Kafka users",
    noun: "Kafka user",
    list: "/kafka-access/kafka-users",
    whole: true,
    idField: "username",
    connector: false,
    remove: (id) => `/kafka-access/kafka-users/${id}`,
  },
  {
    path: "project-keys",
    title: "Project keys",
    noun: "project key",
    list: "/project-keys",
    whole: true,
    one: (id) => `/project-keys/${id}`,
    connector: false,
    remove: (id) => `/project-keys/${id}`,
  },
];

export function kindView(path: string): KindView | undefined {
  return kindViews.find((view) => view.path === path);
}

export interface Viewer {
  clientId: string;
  serviceName: string;
  /** The credential is an admin of the service: it may see the local server's request log and fault settings. */
  admin: boolean;
}

/** The local server's own pages, for a service's admins. */
const localPages: ReadonlyArray<{ path: string; title: string }> = [
  { path: "requests", title: "Request log" },
  { path: "faults", title: "Faults" },
];

/** Every page: the service and user, the navigation, a skip link, and one main landmark. */
export function page(title: string, viewer: Viewer | undefined, body: Html, current?: string): string {
  const nav = viewer
    ? html`<nav aria-label="Console">
        <ul>
          <li><a href="/console/lineage" ${current === "lineage" ? raw('aria-current="page"') : ""}>Lineage</a></li>
          ${kindViews.map(
            (view) =>
              html`<li>
                <a href="/console/${view.path}" ${current === view.path ? raw('aria-current="page"') : ""}
                  >${view.title}</a
                >
              </li>`,
          )}
          ${(viewer.admin ? localPages : []).map(
            (local) =>
              html`<li class="local">
                <a href="/console/${local.path}" ${current === local.path ? raw('aria-current="page"') : ""}
                  >${local.title}</a
                >
              </li>`,
          )}
        </ul>
        <form method="post" action="/console/sign-out" class="sign-out">
          <span>${viewer.serviceName} · ${viewer.clientId}</span>
          <button type="submit">Sign out</button>
        </form>
      </nav>`
    : "";
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>${title} · Streamkap local console</title>
        <style>
          ${raw(consoleStyles)}
        </style>
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header><strong>Streamkap local console</strong>${nav}</header>
        <main id="main">
          <h1>${title}</h1>
          ${body}
        </main>
      </body>
    </html>`.text;
}

export function signInPage(problem?: string): string {
  return page(
    "Sign in",
    undefined,
    html`${problem ? html`<p class="problem" role="alert">${problem}</p>` : ""}
      <form method="post" action="/console/sign-in" class="sign-in">
        <p>Sign in with a client id and secret of the service, as <code>pulumi-streamkap local</code> printed them.</p>
        <label for="client_id">Client id</label>
        <input id="client_id" name="client_id" autocomplete="username" required />
        <label for="secret">Secret</label>
        <input id="secret" name="secret" type="password" autocomplete="current-password" required />
        <button type="submit">Sign in</button>
      </form>`,
  );
}

/** A table: an optional class and caption, column headers (none: no header row), and rows of cells. */
function table(parts: {
  className?: string;
  caption?: string;
  columns?: readonly Html[];
  rows: readonly Html[];
}): Html {
  return html`<table ${parts.className ? html`class="${parts.className}"` : ""}>
    ${
      parts.caption
        ? html`<caption>
            ${parts.caption}
          </caption>`
        : ""
    }
    ${
      parts.columns?.length
        ? html`<thead>
            <tr>
              ${parts.columns.map((column) => html`<th scope="col">${column}</th>`)}
            </tr>
          </thead>`
        : ""
    }
    <tbody>
      ${parts.rows.map(
        (row) =>
          html`<tr>
            ${row}
          </tr>`,
      )}
    </tbody>
  </table>`;
}

/** Rows of a name (code) and its value as text: a connector's settings, an object's fields. */
function namedValueRows(entries: ReadonlyArray<[string, unknown]>): Html[] {
  return entries.map(
    ([name, value]) =>
      html`<th scope="row"><code>${name}</code></th>
        <td>${shown(value)}</td>`,
  );
}

export function lineagePage(
  viewer: Viewer,
  lineage: Lineage,
  shown: { search: string; all: number; drawn?: { lineage: Lineage; hidden: Partial<Record<NodeKind, number>> } },
): string {
  // What is drawn (and tabled): at most so many nodes per column, the rest counted (lineage.ts drawnPart).
  const drawn = shown.drawn ?? { lineage, hidden: {} };
  const more = columns.flatMap((column) => {
    const count = drawn.hidden[column.kind] ?? 0;
    return count > 0 ? [moreText(column.kind, count)] : [];
  });
  const names = new Map(drawn.lineage.nodes.map((node) => [`${node.kind}/${node.id}`, node]));
  const rows = drawn.lineage.edges.map((edge) => {
    const from = names.get(edge.from);
    const to = names.get(edge.to);
    return html`<td>${from?.kind.slice(0, -1)} ${from?.name}</td>
      <td>${to?.kind.slice(0, -1)} ${to?.name}</td>`;
  });
  const search = html`<form method="get" action="/console/lineage" class="search" role="search">
      <label for="q">Show the lineage of objects whose name holds</label>
      <input id="q" name="q" type="search" value="${shown.search}" />
      <button type="submit">Show</button>
      ${shown.search ? html`<a href="/console/lineage">Show everything</a>` : ""}
    </form>
    <p aria-live="polite">
      ${shown.search ? `${lineage.nodes.length} of ${shown.all} objects` : `${shown.all} objects`},
      ${lineage.edges.length}
      links${more.length > 0 ? html`; not drawn: ${more.join(", ")} (search to see the lineage of any of them)` : ""}
    </p>`;
  const body =
    shown.all === 0
      ? html`<p>The service has no objects yet. Run <code>pulumi up</code> against it, then reload.</p>`
      : html`${search}
        ${
          lineage.nodes.length === 0
            ? html`<p>No object's name holds “${shown.search}”.</p>`
            : html`<div class="drawing">${lineageSvg(drawn.lineage, drawn.hidden)}</div>
                <details>
                  <summary>The lineage as a table</summary>
                  ${table({
                    caption: "Each link of the lineage, from producer to consumer",
                    columns: [html`From`, html`To`],
                    rows,
                  })}
                </details>`
        }`;
  return page("Lineage", viewer, body, "lineage");
}

/** A listed object, as any list endpoint answers it (only what the list shows). */
export interface Listed {
  id: string;
  name: string;
  connector?: string | null;
  connector_status?: string | null;
  transform_type?: string | null;
  entity?: { entity_type?: string | null; name?: string | null } | null;
  source?: { name?: string | null } | null;
  destination?: { name?: string | null } | null;
  description?: string | null;
  status?: string | null;
  kafka_username?: string | null;
  kafka_acls?: unknown[] | null;
}

function detailOf(view: KindView, item: Listed): string {
  if (view.connector) return item.connector ?? "";
  if (view.path === "pipelines") return `${item.source?.name ?? "?"} → ${item.destination?.name ?? "?"}`;
  if (view.path === "transforms") return item.transform_type ?? "";
  if (view.path === "topics") return [item.entity?.entity_type, item.entity?.name].filter(Boolean).join(" ");
  if (view.path === "kafka-users") return `${item.kafka_acls?.length ?? 0} ACLs`;
  if (view.path === "project-keys") {
    return [item.status, item.kafka_username ? `Kafka user ${item.kafka_username}` : ""].filter(Boolean).join(", ");
  }
  return item.description ?? "";
}

/** The outcome of the last edit, shown once on the page it returns to. */
export interface Notice {
  kind: "done" | "problem";
  text: string;
}

function noticeOf(notice: Notice | undefined): Html | string {
  return notice
    ? html`<p class="${notice.kind}" role="${notice.kind === "problem" ? "alert" : "status"}">${notice.text}</p>`
    : "";
}

export function listPage(
  viewer: Viewer,
  view: KindView,
  listing: { items: Listed[]; total: number; page: number; hasNext: boolean; search: string },
  notice?: Notice,
): string {
  const query = (page: number) =>
    `?${new URLSearchParams({ ...(listing.search ? { q: listing.search } : {}), page: String(page) })}`;
  const body = html`${noticeOf(notice)}
    <form method="get" action="/console/${view.path}" class="search" role="search">
      <label for="q">Search ${view.title.toLowerCase()} by name</label>
      <input id="q" name="q" type="search" value="${listing.search}" />
      <button type="submit">Search</button>
    </form>
    <p aria-live="polite">${listing.total} ${listing.total === 1 ? view.noun : view.title.toLowerCase()}</p>
    ${table({
      className: "list",
      columns: [html`Name`, html`Kind`, ...(view.connector ? [html`Status`] : []), html`Id`],
      rows: listing.items.map(
        (item) =>
          html`<td><a href="/console/${view.path}/${encodeURIComponent(item.id)}">${item.name}</a></td>
            <td>${detailOf(view, item)}</td>
            ${view.connector ? html`<td>${item.connector_status ?? ""}</td>` : ""}
            <td><code>${item.id}</code></td>`,
      ),
    })}
    <nav aria-label="Pages" class="pages">
      ${listing.page > 1 ? html`<a href="${query(listing.page - 1)}">Previous page</a>` : ""}
      ${listing.hasNext ? html`<a href="${query(listing.page + 1)}">Next page</a>` : ""}
    </nav>`;
  return page(view.title, viewer, body, view.path);
}

/** One version of a connector's config history, as `GET …/config-history` answers it. */
export interface HistoryVersion {
  version: number;
  timestamp: string;
  origin: string;
  actor: string;
  summary: string;
  changes: Array<{ key: string; old_value?: unknown; new_value?: unknown }>;
}

export interface ObjectRecord {
  id: string;
  name: string;
  connector?: string | null;
  connector_status?: string | null;
  config?: Record<string, unknown> | null;
  tags?: unknown[] | null;
  [key: string]: unknown;
}

function shown(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value);
}

function settingsTable(config: Record<string, unknown>): Html {
  return table({
    className: "settings",
    caption: "Settings (secrets masked)",
    columns: [html`Setting`, html`Value`],
    rows: namedValueRows(
      Object.keys(config)
        .sort()
        .map((key) => [key, config[key]]),
    ),
  });
}

function changeList(changes: HistoryVersion["changes"]): Html {
  return html`<ul>
    ${changes.map(
      (change) =>
        html`<li><code>${change.key}</code>: ${shown(change.old_value) || "(unset)"} → ${shown(change.new_value)}</li>`,
    )}
  </ul>`;
}

function historyList(history: HistoryVersion[]): Html {
  if (history.length === 0) return html`<p>No config history.</p>`;
  return html`<ol class="history">
    ${history.map(
      (version) =>
        html`<li>
          <p>
            <strong>Version ${version.version}</strong> ·
            <time datetime="${version.timestamp}">${version.timestamp}</time> · by
            <span class="actor">${version.actor}</span> from <span class="origin">${version.origin}</span>
          </p>
          <p>${version.summary}</p>
          ${
            version.changes.length === 0
              ? ""
              : version.changes.length > 5
                ? html`<details>
                    <summary>${version.changes.length} settings</summary>
                    ${changeList(version.changes)}
                  </details>`
                : changeList(version.changes)
          }
        </li>`,
    )}
  </ol>`;
}

/** A record of a topic, as `GET /topics/messages` answers it. */
export interface TopicRecord {
  partition: number;
  offset: number;
  key: unknown;
  value: unknown;
  timestamp: string;
}

/** A topic's records, newest first: what arrived last (webhook records as they land) is on top. */
function recordsSection(records: { items: TopicRecord[]; total: number }): Html {
  const body =
    records.items.length === 0
      ? html`<p>No records yet.</p>`
      : table({
          className: "records",
          caption: `The ${records.items.length} newest of ${records.total} records, newest first`,
          columns: [html`Time`, html`Partition / offset`, html`Key`, html`Value`],
          rows: records.items.map(
            (record) =>
              html`<td><time datetime="${record.timestamp}">${record.timestamp}</time></td>
                <td>${record.partition} / ${record.offset}</td>
                <td><code>${shown(record.key)}</code></td>
                <td><code>${shown(record.value)}</code></td>`,
          ),
        });
  return html`<section aria-labelledby="records">
    <h2 id="records">Records</h2>
    ${body}
  </section>`;
}

/** A tag of the service, as `GET /tags` lists it. */
export interface ServiceTag {
  id: string;
  name: string;
}

/** A connector's tags as checkboxes of every tag of the service, the ones it holds ticked. */
function tagsForm(base: string, held: ReadonlySet<string>, tags: readonly ServiceTag[], version: Html): Html {
  if (tags.length === 0) return html`<p>The service has no tags to give.</p>`;
  return html`<form method="post" action="${base}/tags" class="tags">
    ${version}
    <input type="hidden" name="seen_tags" value="${JSON.stringify([...held])}" />
    <fieldset>
      <legend>Tags</legend>
      ${tags.map(
        (tag, index) =>
          html`<label for="tag-${index}"
            ><input
              type="checkbox"
              id="tag-${index}"
              name="tag"
              value="${tag.id}"
              ${held.has(tag.id) ? raw("checked") : ""}
            />
            ${tag.name}</label
          >`,
      )}
      <button type="submit">Save tags</button>
    </fieldset>
  </form>`;
}

/** Everything about an object a list answer or a read gives, but its config and tags (shown on their own). */
function fieldsOf(record: ObjectRecord): Array<[string, unknown]> {
  return Object.entries(record).filter(([key]) => key !== "config" && key !== "tags");
}

export function objectPage(
  viewer: Viewer,
  view: KindView,
  record: ObjectRecord,
  parts: {
    history?: HistoryVersion[];
    notice?: Notice;
    records?: { items: TopicRecord[]; total: number };
    /** Every tag of the service; the record's `tags` hold ids. */
    tags: readonly ServiceTag[];
  },
): string {
  const base = `/console/${view.path}/${encodeURIComponent(record.id)}`;
  const status = record.connector_status ?? undefined;
  const tagName = new Map(parts.tags.map((tag) => [tag.id, tag.name]));
  const held = (record.tags ?? []).map((tag) =>
    typeof tag === "string"
      ? tag
      : typeof tag === "object" && tag && "id" in tag
        ? String((tag as { id: unknown }).id)
        : shown(tag),
  );
  const heldNames = held.map((id) => tagName.get(id) ?? id);
  // The config version the page shows: an edit from it is refused if the object has changed since (issue #39, M1).
  const version = html`<input type="hidden" name="version" value="${String(parts.history?.[0]?.version ?? "")}" />`;
  const body = html`${noticeOf(parts.notice)}
    <dl class="facts">
      <dt>Kind</dt>
      <dd>${view.noun}${record.connector ? ` (${record.connector})` : ""}</dd>
      ${
        status
          ? html`<dt>Status</dt>
              <dd class="status">${status}</dd>`
          : ""
      }
      ${
        // Kafka users and project keys carry no tags: no row for them.
        "tags" in record
          ? html`<dt>Tags</dt>
              <dd>${heldNames.join(", ") || "none"}</dd>`
          : ""
      }
    </dl>
    ${
      view.connector
        ? html`<section aria-labelledby="actions">
              <h2 id="actions">Actions</h2>
              <form method="post" action="${base}/pause" class="inline"><button type="submit">Pause</button></form>
              <form method="post" action="${base}/resume" class="inline"><button type="submit">Resume</button></form>
              <form method="post" action="${base}/setting" class="setting">
                ${version}
                <fieldset>
                  <legend>Change a setting, as a console user</legend>
                  <label for="key">Setting</label>
                  <select id="key" name="key">
                    ${Object.keys(record.config ?? {})
                      .sort()
                      .map((key) => html`<option value="${key}">${key}</option>`)}
                  </select>
                  <label for="value">New value</label>
                  <input id="value" name="value" required />
                  <button type="submit">Save</button>
                </fieldset>
              </form>
              ${tagsForm(base, new Set(held), parts.tags, version)}
            </section>
            <section aria-labelledby="settings">
              <h2 id="settings">Settings</h2>
              ${settingsTable(record.config ?? {})}
            </section>
            <section aria-labelledby="history">
              <h2 id="history">Config history</h2>
              ${historyList(parts.history ?? [])}
            </section>`
        : html`<section aria-labelledby="fields">
            <h2 id="fields">Fields</h2>
            ${table({ className: "settings", rows: namedValueRows(fieldsOf(record)) })}
          </section>`
    }
    ${parts.records ? recordsSection(parts.records) : ""}
    <p class="danger"><a href="${base}/delete">Delete this ${view.noun}…</a></p>`;
  return page(`${record.name}`, viewer, body, view.path);
}

/** The question before a delete: a page of its own, so that no single click deletes. */
export function deletePage(viewer: Viewer, view: KindView, record: { id: string; name: string }): string {
  const base = `/console/${view.path}/${encodeURIComponent(record.id)}`;
  const body = html`<p>
      Delete the ${view.noun} <strong>${record.name}</strong> (<code>${record.id}</code>) from the service? A Pulumi
      stack that manages it will want to create it again at its next <code>pulumi up</code>, and
      <code>pulumi preview --refresh</code> will show it gone.
    </p>
    <form method="post" action="${base}/delete" class="inline">
      <button type="submit" class="danger">Delete ${view.noun}</button>
    </form>
    <a href="${base}">Keep it</a>`;
  return page(`Delete ${record.name}?`, viewer, body, view.path);
}

export function requestsPage(
  viewer: Viewer,
  log: { items: RequestRecord[]; total: number; matched: number; search: string },
): string {
  const body = html`<p>
      Every call to the API of this service, newest first, as the server received it: method, path, query, the names of
      the body's fields (never their values, which may be secrets), the answer's status and its request id. The
      console's own calls are here too.
    </p>
    <form method="get" action="/console/requests" class="search" role="search">
      <label for="q">Show calls whose path holds</label>
      <input id="q" name="q" type="search" value="${log.search}" />
      <button type="submit">Show</button>
    </form>
    <p aria-live="polite">
      ${log.items.length < log.matched ? `The newest ${log.items.length} of ` : ""}${log.matched}
      call${log.matched === 1 ? "" : "s"}${log.search ? ` matching (of ${log.total})` : ""}
    </p>
    ${table({
      className: "list requests",
      columns: [html`Time`, html`Call`, html`Status`, html`Body fields`, html`Request id`],
      rows: log.items.map((request) => {
        const query = new URLSearchParams(
          Object.entries(request.query).flatMap(([name, value]) =>
            (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
          ),
        ).toString();
        // The time of day is what a reader scans; the date is in the attribute (the log lives as long as the server).
        return html`<td>
            ${request.at ? html`<time datetime="${request.at}">${request.at.slice(11, 23)}</time>` : ""}
          </td>
          <td><code>${request.method} ${request.path}${query ? `?${query}` : ""}</code></td>
          <td class="${request.status >= 400 || request.status === 0 ? "bad" : "ok"}">${request.status}</td>
          <td>${request.bodyKeys.map((keys) => keys.join(".")).join(", ")}</td>
          <td><code>${request.requestId ?? ""}</code></td>`;
      }),
    })}`;
  return page("Request log", viewer, body, "requests");
}

const percent = (p: number) => `${Math.round(p * 1000) / 10}%`;

/** What a rule does to the calls it matches, in words. */
function ruleEffects(rule: FaultSettings["rules"][number]): string {
  const effects = [
    ...rule.statuses.map((entry) => `answer ${entry.status} to ${percent(entry.p)}`),
    ...(rule.drop > 0 ? [`drop the connection of ${percent(rule.drop)}`] : []),
    ...(rule.lose > 0 ? [`carry out ${percent(rule.lose)} and lose their answer`] : []),
    ...(rule.latency_ms
      ? [
          rule.latency_ms[0] === rule.latency_ms[1]
            ? `delay each by ${rule.latency_ms[0]} ms`
            : `delay each by ${rule.latency_ms[0]}–${rule.latency_ms[1]} ms`,
        ]
      : []),
    ...(rule.rate_per_second !== null
      ? [
          `allow ${rule.rate_per_second} per second, then answer 429` +
            (rule.rate_start !== null ? ` (${rule.rate_start} allowed at first)` : ""),
        ]
      : []),
  ];
  return effects.join("; ") || "nothing";
}

export function faultsPage(viewer: Viewer, faults: FaultSettings): string {
  const globals: Array<[string, unknown]> = [
    ["seed", faults.seed],
    ["token lifetime (s)", faults.token_ttl_seconds ?? "the server's default"],
    [
      "Kafka Connect failures after a create",
      faults.kafka_connect
        ? `${percent(faults.kafka_connect.p)} of changes within ${faults.kafka_connect.window_ms} ms, answered ${faults.kafka_connect.status}`
        : "none",
    ],
    ["Pending Update after a write with wait=false (ms)", faults.pending_update_ms ?? "the server's default"],
    ["a deleted connector lingers (ms)", faults.slow_delete_ms ?? "the server's default"],
    ["reads lag a create by (ms)", faults.read_lag_ms ?? "none"],
  ];
  const body = html`<p>
      The faults this server injects into API calls (never into the console or <code>/_local</code>). They are set when
      the server starts, with <code>pulumi-streamkap local --faults SPEC</code>; docs/local-server.md lists every
      switch. ${faults.spec ? html`This server was started with <code>--faults '${faults.spec}'</code>.` : ""}
    </p>
    ${
      faults.rules.length === 0
        ? html`<p>No fault is injected: every call is answered as the service would.</p>`
        : table({
            className: "list",
            caption: "Rules, in the order they are tried",
            columns: [html`Rule`, html`Calls`, html`What it does`, html`Retry-After (s)`],
            rows: faults.rules.map(
              (rule) =>
                html`<td><code>${rule.rule}</code></td>
                  <td>${rule.methods.join(", ") || "every method"} ${rule.paths.join(", ") || "every path"}</td>
                  <td>${ruleEffects(rule)}</td>
                  <td>${rule.retry_after_seconds}</td>`,
            ),
          })
    }
    ${table({ className: "settings", caption: "Settings of the whole server", rows: namedValueRows(globals) })}`;
  return page("Faults", viewer, body, "faults");
}

export function problemPage(viewer: Viewer | undefined, title: string, text: string): string {
  return page(title, viewer, html`<p class="problem" role="alert">${text}</p>`);
}
