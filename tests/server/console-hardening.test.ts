/**
 * The web console under abuse and contention (issue #39, points 11-14), over HTTP against a started local server:
 * form bodies refused before any work when too big or too many fields (H1), a lineage that never reads the topics
 * list page by page (H2), console edits that never silently lose to each other (M1), and sessions that expire,
 * are limited per credential, end only from this console's own pages, and sign-ins throttled per client id
 * (L1-L4). Nothing here depends on how fast the machine is: each assertion is on a status, a page's words or a
 * count of calls.
 */
import { request } from "undici";
import { type LocalServer, startLocalServer } from "../../server";
import * as topicsDomain from "../../server/domain/topics";
import { expectState, preconditionHeader } from "../../server/http/preconditions";
import { Client, FAST, PG_SOURCE_CONFIG, createSource, token } from "./helpers";

interface PageAnswer {
  status: number;
  location?: string;
  cookie?: string;
  retryAfter?: string;
  text: string;
}

/** One request to the console, as a browser's form post or page load would make it (no redirect followed). */
async function consoleCall(
  server: LocalServer,
  method: "GET" | "POST",
  path: string,
  options: { cookie?: string; form?: string | URLSearchParams; headers?: Record<string, string> } = {},
): Promise<PageAnswer> {
  const headers: Record<string, string> = { ...(options.headers ?? {}) };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.form !== undefined) headers["content-type"] = "application/x-www-form-urlencoded";
  const answer = await request(`${server.consoleUrl}${path}`, {
    method,
    headers,
    body: options.form === undefined ? undefined : String(options.form),
  });
  const text = await answer.body.text();
  const header = (name: string) => {
    const value = answer.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return {
    status: answer.statusCode,
    location: header("location"),
    cookie: header("set-cookie")?.split(";")[0],
    retryAfter: header("retry-after"),
    text,
  };
}

async function signIn(server: LocalServer, clientId: string, secret: string): Promise<PageAnswer> {
  return consoleCall(server, "POST", "/sign-in", { form: new URLSearchParams({ client_id: clientId, secret }) });
}

async function signedCookie(server: LocalServer, clientId = server.clientId, secret = server.secret): Promise<string> {
  const answer = await signIn(server, clientId, secret);
  if (answer.status !== 303 || !answer.cookie) throw new Error(`sign-in answered ${answer.status}: ${answer.text}`);
  return answer.cookie;
}

/** Whether a session cookie still opens the lineage (a signed-out one is sent to sign in). */
async function stillSignedIn(server: LocalServer, cookie: string): Promise<boolean> {
  const answer = await consoleCall(server, "GET", "/lineage", { cookie });
  if (answer.status === 200) return true;
  if (answer.status === 303 && answer.location?.endsWith("/sign-in")) return false;
  throw new Error(`the lineage answered ${answer.status}`);
}

async function newCredential(admin: Client, roles: string[]) {
  const made = await admin.post("/auth/client-credentials", { description: roles.join(","), role_ids: roles });
  if (made.status !== 200) throw new Error(`credential: ${made.status} ${JSON.stringify(made.body)}`);
  return { clientId: made.body.client_id as string, secret: made.body.secret as string };
}

describe("console form bodies (H1)", () => {
  let server: LocalServer;
  beforeAll(async () => {
    server = await startLocalServer(FAST);
  });
  afterAll(() => server.close());

  test("a field repeated 30,000 times is refused before any work, and the server answers the next request", async () => {
    const body = "tag=a&".repeat(30_000);
    const refused = await consoleCall(server, "POST", "/sign-in", {
      form: body,
      headers: { origin: "http://evil.example" },
    });
    expect([413, 400]).toContain(refused.status);
    expect((await consoleCall(server, "GET", "/sign-in")).status).toBe(200);
  }, 120_000);

  test("a small body with more than 1,000 fields is refused with 400", async () => {
    const body = Array.from({ length: 1_001 }, (_, index) => `f${index}=`).join("&");
    expect(Buffer.byteLength(body)).toBeLessThan(64 * 1024);
    const refused = await consoleCall(server, "POST", "/sign-in", { form: body });
    expect(refused.status).toBe(400);
    // A form of ordinary size still signs in.
    expect((await signIn(server, server.clientId, server.secret)).status).toBe(303);
  });
});

describe("the lineage of a source with 2,000 tables (H2)", () => {
  let server: LocalServer;
  let cookie: string;
  const tables = Array.from({ length: 2_000 }, (_, index) => `public.t${String(index).padStart(4, "0")}`);
  beforeAll(async () => {
    server = await startLocalServer(FAST);
    const admin = new Client(server.baseUrl, await token(server, server.clientId, server.secret));
    const made = await admin.post("/sources", {
      name: "wide",
      connector: "postgresql",
      config: { ...PG_SOURCE_CONFIG, "table.include.list.user.defined": tables.join(",") },
    });
    if (made.status !== 200) throw new Error(`source: ${made.status} ${JSON.stringify(made.body)}`);
    cookie = await signedCookie(server);
  }, 60_000);
  afterAll(() => server.close());

  test("reads each list once per 100 objects, never the topics list, and draws a capped column", async () => {
    server.resetStats();
    const lineage = await consoleCall(server, "GET", "/lineage", { cookie });
    expect(lineage.status).toBe(200);
    const calls = server.stats().calls.map((call) => call.path);
    expect(calls.filter((path) => path === "/topics/details")).toEqual([]);
    expect(calls.filter((path) => path === "/sources")).toHaveLength(1);
    // 2,001 objects; the topics column draws its first 500 and says how many more there are.
    const words = lineage.text.replace(/\s+/g, " ");
    expect(words).toContain("2001 objects, 2000 links; not drawn: 1500 more topics…");
    expect((lineage.text.match(/data-node="topics\//g) ?? []).length).toBe(500);
    expect(lineage.text).toContain('aria-label="topic public.t0000"');
  }, 60_000);

  test("a page of 100 of its topics works out the source's topic list once, not once per row", async () => {
    const admin = new Client(server.baseUrl, await token(server, server.clientId, server.secret));
    const listed = jest.spyOn(topicsDomain, "sourceTopics");
    try {
      const page = await admin.get("/topics/details?page=1&page_size=100");
      expect(page.status).toBe(200);
      expect(page.body.result).toHaveLength(100);
      // Each row still names the whole list, as the service answers it (TF topic_test.go:87-118).
      expect(page.body.result[99].entity.topic_ids).toHaveLength(2_000);
      expect(listed).toHaveBeenCalledTimes(1);
    } finally {
      listed.mockRestore();
    }
  }, 60_000);
});

describe("console edits of one connector at once (M1)", () => {
  let server: LocalServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startLocalServer(FAST);
    admin = new Client(server.baseUrl, await token(server, server.clientId, server.secret));
  });
  afterAll(() => server.close());

  test("10 edits from the same version: one is Changed, nine are told it changed meanwhile, the winner is stored", async () => {
    const source = await createSource(admin, "contended");
    const history = await admin.get(`/sources/${source.id}/config-history`);
    const seen = String(history.body.result[0].version);
    const cookies = await Promise.all(Array.from({ length: 10 }, () => signedCookie(server)));
    const posted = await Promise.all(
      cookies.map((cookie, index) =>
        consoleCall(server, "POST", `/sources/${source.id}/setting`, {
          cookie,
          form: new URLSearchParams({ key: "database.dbname", value: `db-${index}`, version: seen }),
        }),
      ),
    );
    expect(posted.map((answer) => answer.status)).toEqual(Array(10).fill(303));
    const notices = await Promise.all(
      cookies.map(async (cookie) => {
        const page = await consoleCall(server, "GET", `/sources/${source.id}`, { cookie });
        return /<p class="(done|problem)" role="[a-z]+">([^<]*)<\/p>/.exec(page.text)?.[2] ?? "";
      }),
    );
    const winners = notices.flatMap((text, index) => (text.startsWith("Changed") ? [index] : []));
    expect(winners).toHaveLength(1);
    expect(notices.filter((text) => text.includes("changed meanwhile by"))).toHaveLength(9);
    const stored = await admin.get(`/sources/${source.id}`);
    expect(stored.body.result[0].config["database.dbname"]).toBe(`db-${winners[0]}`);
    const versions = await admin.get(`/sources/${source.id}/config-history`);
    expect(versions.body.total).toBe(2);
  }, 60_000);

  test("an edit from a version an API writer has since replaced is refused and names the writer", async () => {
    const source = await createSource(admin, "raced");
    const cookie = await signedCookie(server);
    await admin.put(`/sources/${source.id}`, {
      name: source.name,
      connector: "postgresql",
      config: { ...source.config, "database.dbname": "from-pulumi" },
    });
    const posted = await consoleCall(server, "POST", `/sources/${source.id}/setting`, {
      cookie,
      form: new URLSearchParams({ key: "schema.include.list", value: "other", version: "1" }),
    });
    expect(posted.status).toBe(303);
    const page = await consoleCall(server, "GET", `/sources/${source.id}`, { cookie });
    expect(page.text).toContain(`changed meanwhile by ${server.clientId}`);
    const stored = await admin.get(`/sources/${source.id}`);
    expect(stored.body.result[0].config).toMatchObject({
      "database.dbname": "from-pulumi",
      "schema.include.list": "public",
    });
  });
});

describe("console edits of tags, and the precondition behind them (M1)", () => {
  let server: LocalServer;
  let admin: Client;
  beforeAll(async () => {
    server = await startLocalServer(FAST);
    admin = new Client(server.baseUrl, await token(server, server.clientId, server.secret));
  });
  afterAll(() => server.close());

  const newTag = async (name: string): Promise<string> => {
    const made = await admin.post("/tags", { name, type: ["sources"] });
    if (made.status !== 200) throw new Error(`tag: ${made.status} ${JSON.stringify(made.body)}`);
    return made.body.id as string;
  };

  test("a tags edit from a page shown before an API writer changed the tags is refused, the API's tags kept", async () => {
    const [first, second] = [await newTag("team-a"), await newTag("team-b")];
    const source = await createSource(admin, "tagged");
    const cookie = await signedCookie(server);
    const shown = await consoleCall(server, "GET", `/sources/${source.id}`, { cookie });
    const hidden = (name: string) =>
      new RegExp(`<form method="post" action="[^"]*/tags"[^]*?name="${name}" value="([^"]*)"`).exec(shown.text)?.[1];
    const version = hidden("version");
    const seenTags = hidden("seen_tags")?.replace(/&quot;/g, '"');
    expect([version, seenTags]).toEqual(["1", "[]"]);
    const changed = await admin.put(`/sources/${source.id}`, {
      name: source.name,
      connector: "postgresql",
      config: source.config,
      tags: [first],
    });
    expect(changed.status).toBe(200);
    await consoleCall(server, "POST", `/sources/${source.id}/tags`, {
      cookie,
      form: new URLSearchParams({ tag: second, version: String(version), seen_tags: String(seenTags) }),
    });
    const page = await consoleCall(server, "GET", `/sources/${source.id}`, { cookie });
    expect(page.text).toContain("name or tags were changed meanwhile");
    expect((await admin.get(`/sources/${source.id}`)).body.result[0].tags).toEqual([first]);
  });

  test("a replacement under the console's precondition is refused if the object moved; a nonce from outside is ignored", async () => {
    const source = await createSource(admin, "conditioned");
    const put = (headers: Record<string, string>, dbname: string) =>
      admin.put(
        `/sources/${source.id}`,
        { name: source.name, connector: "postgresql", config: { ...source.config, "database.dbname": dbname } },
        headers,
      );
    const stale = expectState({ version: 1, name: "another-name", tags: [] });
    try {
      const refused = await put(stale.headers, "refused");
      expect(refused.status).toBe(409);
      expect(refused.body.detail).toContain("Changed meanwhile");
    } finally {
      stale.release();
    }
    const current = expectState({ version: 1, name: source.name, tags: [] });
    try {
      expect((await put(current.headers, "taken")).status).toBe(200);
    } finally {
      current.release();
    }
    // Version 2 now: the same condition, released, is no condition at all; nor is a nonce the console never made.
    expect((await put(current.headers, "released")).status).toBe(200);
    expect((await put({ [preconditionHeader]: "guessed" }, "outside")).status).toBe(200);
    const versions = await admin.get(`/sources/${source.id}/config-history`);
    expect(versions.body.total).toBe(4);
  });
});

describe("console sessions (L1-L4)", () => {
  let server: LocalServer;
  let admin: Client;
  let now = Date.now();
  beforeAll(async () => {
    server = await startLocalServer({ ...FAST, consoleClock: () => now });
    admin = new Client(server.baseUrl, await token(server, server.clientId, server.secret));
  });
  afterAll(() => server.close());

  test("L1: one credential signing in 201 times evicts only its own older sessions", async () => {
    const other = await newCredential(admin, ["role_viewer"]);
    const mine = await signedCookie(server);
    const theirs: string[] = [];
    for (let index = 0; index < 201; index++) theirs.push(await signedCookie(server, other.clientId, other.secret));
    expect(await stillSignedIn(server, mine)).toBe(true);
    expect(await stillSignedIn(server, theirs[theirs.length - 1])).toBe(true);
    expect(await stillSignedIn(server, theirs[0])).toBe(false);
  }, 120_000);

  test("L2: sign-out from a page of another origin is refused and the session stays", async () => {
    const cookie = await signedCookie(server);
    const refused = await consoleCall(server, "POST", "/sign-out", {
      cookie,
      form: "",
      headers: { origin: "http://127.0.0.1:1" },
    });
    expect(refused.status).toBe(403);
    expect(await stillSignedIn(server, cookie)).toBe(true);
    const done = await consoleCall(server, "POST", "/sign-out", { cookie, form: "" });
    expect(done.status).toBe(303);
    expect(await stillSignedIn(server, cookie)).toBe(false);
  });

  test("L3: a session idle for 12 hours, or open for 7 days however used, must sign in again", async () => {
    const idle = await signedCookie(server);
    now += 11 * 3_600_000;
    expect(await stillSignedIn(server, idle)).toBe(true);
    now += 12 * 3_600_000 + 1;
    expect(await stillSignedIn(server, idle)).toBe(false);
    // Used every 11 hours, a session still ends 7 days after its sign-in.
    const busy = await signedCookie(server);
    for (let hours = 11; hours < 7 * 24; hours += 11) {
      now += 11 * 3_600_000;
      expect(await stillSignedIn(server, busy)).toBe(true);
    }
    now += 11 * 3_600_000;
    expect(await stillSignedIn(server, busy)).toBe(false);
  });

  test("L4: after repeated wrong secrets a client id is answered 429 with Retry-After, then may try again", async () => {
    const target = await newCredential(admin, ["role_viewer"]);
    const bystander = await newCredential(admin, ["role_viewer"]);
    const answers: number[] = [];
    for (let attempt = 0; attempt < 5; attempt++) answers.push((await signIn(server, target.clientId, "wrong")).status);
    expect(answers).toEqual([401, 401, 401, 401, 401]);
    const throttled = await signIn(server, target.clientId, target.secret);
    expect(throttled.status).toBe(429);
    const wait = Number(throttled.retryAfter);
    expect(wait).toBeGreaterThan(0);
    // Another client id is not held back.
    expect((await signIn(server, bystander.clientId, bystander.secret)).status).toBe(303);
    now += wait * 1000;
    expect((await signIn(server, target.clientId, target.secret)).status).toBe(303);
  });
});
