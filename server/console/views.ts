/**
 * The console's pages, rendered on the server from what the API answered: plain HTML with forms, so every view
 * and edit works from the keyboard and with no script. Secrets are never shown: the API masks them, and a form
 * never echoes one back.
 */
import { html, type Html, raw } from "./html";
import { type Lineage, lineageSvg } from "./lineage";
import { consoleStyles } from "./styles";

/** The kinds the console lists, their API paths and what their pages show. */
export interface KindView {
  path: string;
  title: string;
  noun: string;
  /** The list endpoint (paginated, `partial_name` filters by name). */
  list: string;
  /** The object endpoint; none for tags, which are read from their list (GET /tags/{x} takes a tag type). */
  one?: (id: string) => string;
  /** A connector: settings, status, pause/resume and config history. */
  connector: boolean;
  /** The list's query parameter that filters by name (tags take `tag_name`, the others `partial_name`). */
  search?: string;
}

export const kindViews: readonly KindView[] = [
  {
    path: "sources",
    title: "Sources",
    noun: "source",
    list: "/sources",
    one: (id) => `/sources/${id}`,
    connector: true,
  },
  {
    path: "destinations",
    title: "Destinations",
    noun: "destination",
    list: "/destinations",
    one: (id) => `/destinations/${id}`,
    connector: true,
  },
  {
    path: "pipelines",
    title: "Pipelines",
    noun: "pipeline",
    list: "/pipelines",
    one: (id) => `/pipelines/${id}`,
    connector: false,
  },
  {
    path: "transforms",
    title: "Transforms",
    noun: "transform",
    list: "/transforms",
    one: (id) => `/transforms/${id}`,
    connector: false,
  },
  {
    path: "topics",
    title: "Topics",
    noun: "topic",
    list: "/topics/details",
    one: (id) => `/topics/${id}?detailed=true`,
    connector: false,
  },
  {
    path: "tags",
    title: "Tags",
    noun: "tag",
    list: "/tags",
    connector: false,
    search: "tag_name",
  },
];

export function kindView(path: string): KindView | undefined {
  return kindViews.find((view) => view.path === path);
}

export interface Viewer {
  clientId: string;
  serviceName: string;
}

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

export function lineagePage(viewer: Viewer, lineage: Lineage): string {
  const names = new Map(lineage.nodes.map((node) => [`${node.kind}/${node.id}`, node]));
  const rows = lineage.edges.map((edge) => {
    const from = names.get(edge.from);
    const to = names.get(edge.to);
    return html`<td>${from?.kind.slice(0, -1)} ${from?.name}</td>
      <td>${to?.kind.slice(0, -1)} ${to?.name}</td>`;
  });
  const body =
    lineage.nodes.length === 0
      ? html`<p>The service has no objects yet. Run <code>pulumi up</code> against it, then reload.</p>`
      : html`<div class="drawing">${lineageSvg(lineage)}</div>
          <details>
            <summary>The lineage as a table</summary>
            ${table({
              caption: "Each link of the lineage, from producer to consumer",
              columns: [html`From`, html`To`],
              rows,
            })}
          </details>`;
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
}

function detailOf(view: KindView, item: Listed): string {
  if (view.connector) return item.connector ?? "";
  if (view.path === "pipelines") return `${item.source?.name ?? "?"} → ${item.destination?.name ?? "?"}`;
  if (view.path === "transforms") return item.transform_type ?? "";
  if (view.path === "topics") return [item.entity?.entity_type, item.entity?.name].filter(Boolean).join(" ");
  return item.description ?? "";
}

export function listPage(
  viewer: Viewer,
  view: KindView,
  listing: { items: Listed[]; total: number; page: number; hasNext: boolean; search: string },
): string {
  const query = (page: number) =>
    `?${new URLSearchParams({ ...(listing.search ? { q: listing.search } : {}), page: String(page) })}`;
  const body = html`<form method="get" action="/console/${view.path}" class="search" role="search">
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

/** The outcome of the last edit, shown once on the page it returns to. */
export interface Notice {
  kind: "done" | "problem";
  text: string;
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

export function objectPage(
  viewer: Viewer,
  view: KindView,
  record: ObjectRecord,
  history: HistoryVersion[] | undefined,
  notice: Notice | undefined,
  records?: { items: TopicRecord[]; total: number },
): string {
  const base = `/console/${view.path}/${encodeURIComponent(record.id)}`;
  const status = record.connector_status ?? undefined;
  const facts = Object.entries(record).filter(
    ([key, value]) => key !== "config" && (value === null || ["string", "number", "boolean"].includes(typeof value)),
  );
  const body = html`${
      notice
        ? html`<p class="${notice.kind}" role="${notice.kind === "problem" ? "alert" : "status"}">${notice.text}</p>`
        : ""
    }
    <dl class="facts">
      <dt>Kind</dt>
      <dd>${view.noun}${record.connector ? ` (${record.connector})` : ""}</dd>
      ${
        status
          ? html`<dt>Status</dt>
              <dd class="status">${status}</dd>`
          : ""
      }
      <dt>Tags</dt>
      <dd>
        ${(record.tags ?? []).map((tag) => shown(typeof tag === "object" && tag ? ((tag as { name?: unknown }).name ?? tag) : tag)).join(", ") || "none"}
      </dd>
    </dl>
    ${
      view.connector
        ? html`<section aria-labelledby="actions">
              <h2 id="actions">Actions</h2>
              <form method="post" action="${base}/pause" class="inline"><button type="submit">Pause</button></form>
              <form method="post" action="${base}/resume" class="inline"><button type="submit">Resume</button></form>
              <form method="post" action="${base}/setting" class="setting">
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
            </section>
            <section aria-labelledby="settings">
              <h2 id="settings">Settings</h2>
              ${settingsTable(record.config ?? {})}
            </section>
            <section aria-labelledby="history">
              <h2 id="history">Config history</h2>
              ${historyList(history ?? [])}
            </section>`
        : html`<section aria-labelledby="fields">
            <h2 id="fields">Fields</h2>
            ${table({ className: "settings", rows: namedValueRows(facts) })}
          </section>`
    }
    ${records ? recordsSection(records) : ""}`;
  return page(`${record.name}`, viewer, body, view.path);
}

export function problemPage(viewer: Viewer | undefined, title: string, text: string): string {
  return page(title, viewer, html`<p class="problem" role="alert">${text}</p>`);
}
