import type { LocalServer } from "../../server";

/**
 * Talks to the local API server directly, as another user or the web console would: for asserting what exists
 * and for changing things behind Pulumi's back. Deliberately independent of the provider's client.
 */
export class ServiceApi {
  private token?: string;

  constructor(private readonly server: Pick<LocalServer, "baseUrl" | "clientId" | "secret">) {}

  private async accessToken(): Promise<string> {
    if (!this.token) {
      const answer = await fetch(`${this.server.baseUrl}/auth/access-token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ client_id: this.server.clientId, secret: this.server.secret }),
      });
      this.token = ((await answer.json()) as { accessToken: string }).accessToken;
    }
    return this.token;
  }

  async request<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    let answer = await this.send(method, path, body, headers);
    if (answer.status === 401) {
      this.token = undefined; // expired (servers with short token lifetimes): get a new one, once
      answer = await this.send(method, path, body, headers);
    }
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path} answered ${answer.status}: ${text}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  private async send(method: string, path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
    return fetch(`${this.server.baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${await this.accessToken()}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /**
   * The `created_from` a source or destination was created with. No answer of the real API carries it (audit
   * S22), so it is read where the service keeps it: the origin of the first config-history version.
   */
  async createdFrom(collection: "/sources" | "/destinations", id: string): Promise<string> {
    const history = await this.request<{ result: Array<{ version: number; origin: string }> }>(
      "GET",
      `${collection}/${id}/config-history?page_size=100`,
    );
    return history.result.find((version) => version.version === 1)?.origin ?? "unknown";
  }

  /** Every object of a list endpoint (`/sources`, `/destinations`, `/pipelines`), all pages. */
  async list<T = Record<string, unknown>>(collection: string): Promise<T[]> {
    const items: T[] = [];
    for (let page = 1; ; page++) {
      const answer = await this.request<{ result: T[]; has_next?: boolean }>(
        "GET",
        `${collection}?page=${page}&page_size=100`,
      );
      items.push(...answer.result);
      if (!answer.has_next) return items;
    }
  }
}

/**
 * Every object of a list endpoint through a service that fails or throttles on purpose: a failed listing is tried
 * again, up to 20 times, `pauseMs` apart, so an assertion does not fail on the very faults under test.
 */
export async function listThroughFaults<T = Record<string, unknown>>(
  api: ServiceApi,
  collection: string,
  pauseMs = 0,
): Promise<T[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await api.list<T>(collection);
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
