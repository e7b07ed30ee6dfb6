/**
 * Behind a company's proxy (issue #39, point 15): `pulumi up` with HTTPS_PROXY/HTTP_PROXY set sends the
 * provider's API calls through the proxy, in the dynamic classes and in the provider plugin, and sends none there
 * for an endpoint NO_PROXY names. The proxy is a real process-local forwarding proxy on 127.0.0.1
 * (tests/harness/forward-proxy.ts) that, like a company's, reaches the API but not the runner's own loopback
 * ports: so an up that succeeds also shows that the pulumi CLI's own local work (its file:// backend, its gRPC
 * to the language host, the plugin and the program) did not go through it.
 */
import { pluginOnPath, runPulumiOk } from "../harness/process";
import { type ForwardProxy, startForwardProxy } from "../harness/forward-proxy";
import { type Scenario, scenario } from "../harness/scenario";

const dynamic = scenario("tag", { server: { statusDelayMs: 20, deleteDelayMs: 20 } });
const plugin = scenario("plugin", { server: { statusDelayMs: 20, deleteDelayMs: 20 } });

let proxy: ForwardProxy;
const apiHosts = () => [dynamic, plugin].map((world) => new URL(world.server.baseUrl).host);
beforeAll(async () => {
  proxy = await startForwardProxy((target) => apiHosts().includes(target));
});
afterAll(() => proxy?.close());

/** The environment of a user behind the proxy; what the machine running the tests had is left out. */
function behindProxy(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const unset = { https_proxy: undefined, http_proxy: undefined, no_proxy: undefined, NO_PROXY: undefined };
  return { ...unset, HTTPS_PROXY: proxy.url, HTTP_PROXY: proxy.url, ...extra };
}

const faces: Array<[string, () => Scenario, NodeJS.ProcessEnv]> = [
  ["the dynamic classes", () => dynamic, {}],
  ["the provider plugin", () => plugin, pluginOnPath],
];

describe.each(faces)("%s", (_, world, face) => {
  test("with HTTPS_PROXY/HTTP_PROXY, up sends its API calls through the proxy, and nothing else", async () => {
    proxy.reset();
    await runPulumiOk(world().project, ["up", "--yes", "--skip-preview"], { ...face, ...behindProxy() });
    const api = new URL(world().server.baseUrl).host;
    const calls = proxy.calls();
    // The endpoint is http://, so the proxy saw each request itself (absolute-URI form), paths and all.
    expect(calls).toContainEqual({ method: "POST", target: api, path: "/auth/access-token", reached: true });
    expect(calls).toContainEqual({ method: "POST", target: api, path: "/tags", reached: true });
    expect(calls.filter((call) => !call.reached)).toEqual([]);
    expect((await world().api.request<{ tags: Array<{ system: boolean }> }>("GET", "/tags")).tags).toContainEqual(
      expect.objectContaining({ system: false }),
    );
  });

  test.each([
    ["NO_PROXY", { NO_PROXY: "127.0.0.1" }],
    ["no_proxy (lower case)", { no_proxy: "localhost,127.0.0.1" }],
    ["NO_PROXY with the host's port", () => ({ NO_PROXY: `example.com,${new URL(world().server.baseUrl).host}` })],
  ])("with %s naming the endpoint's host, up sends nothing through the proxy", async (_, noProxy) => {
    await world().project.setConfig({ tagName: `direct-${Math.random().toString(36).slice(2, 8)}` });
    proxy.reset();
    const before = world().server.stats().calls.length;
    const extra = typeof noProxy === "function" ? noProxy() : noProxy;
    await runPulumiOk(world().project, ["up", "--yes", "--skip-preview"], { ...face, ...behindProxy(extra) });
    expect(world().server.stats().calls.length).toBeGreaterThan(before); // the update did call the API, directly
    expect(proxy.calls()).toEqual([]);
  });

  // Pulumi's Node.js SDK (@grpc/grpc-js) reads the lower-case names too, for the program's own gRPC to the engine
  // on 127.0.0.1, which a company's proxy cannot reach: the documented recipe names that loopback in
  // no_grpc_proxy, which only gRPC reads, so the API calls still go through the proxy.
  test("with the lower-case https_proxy/http_proxy (and no_grpc_proxy for Pulumi's own gRPC), the same", async () => {
    await world().project.setConfig({ tagName: `lower-${Math.random().toString(36).slice(2, 8)}` });
    proxy.reset();
    const lower = { HTTPS_PROXY: undefined, HTTP_PROXY: undefined, https_proxy: proxy.url, http_proxy: proxy.url };
    const env = { ...behindProxy(), ...lower, no_grpc_proxy: "127.0.0.1,localhost" };
    await runPulumiOk(world().project, ["up", "--yes", "--skip-preview"], { ...face, ...env });
    const api = new URL(world().server.baseUrl).host;
    expect(proxy.calls()).toContainEqual(expect.objectContaining({ target: api, path: "/auth/access-token" }));
    expect(proxy.calls().some((call) => call.target === api && call.path?.startsWith("/tags"))).toBe(true);
    expect(proxy.calls().filter((call) => !call.reached)).toEqual([]);
  });

  test("destroy through the proxy", async () => {
    proxy.reset();
    await runPulumiOk(world().project, ["destroy", "--yes", "--skip-preview"], { ...face, ...behindProxy() });
    expect(proxy.calls().some((call) => call.method === "DELETE")).toBe(true);
  });
});
