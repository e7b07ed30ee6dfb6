/**
 * A real browser for tests: Debian's headless Chromium, driven over the Chrome DevTools Protocol with Node's own
 * WebSocket (no driver package). When Chromium is missing it is installed from the Debian packages (`apt-get`,
 * as root); where that cannot be done, `launchBrowser` says why and the caller skips with that reason printed.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";

const candidates = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];

function installedChromium(): string | undefined {
  return candidates.find((candidate) => fs.existsSync(candidate));
}

/** Chromium's path, installing Debian's package when it is missing; or why there is none. */
export function chromium(): { path: string } | { missing: string } {
  const found = installedChromium();
  if (found) return { path: found };
  if (process.getuid?.() !== 0 || !fs.existsSync("/usr/bin/apt-get")) {
    return {
      missing: "Chromium is not installed and this user cannot install it: run `sudo apt-get install chromium`",
    };
  }
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    execFileSync("apt-get", ["update", "-qq"], { stdio: "ignore", env, timeout: 300_000 });
    execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", "chromium"], {
      stdio: "ignore",
      env,
      timeout: 600_000,
    });
  } catch (error) {
    return { missing: `installing Debian's chromium failed: ${(error as Error).message.split("\n")[0]}` };
  }
  const installed = installedChromium();
  return installed ? { path: installed } : { missing: "apt-get installed chromium, but no chromium binary was found" };
}

interface Pending {
  resolve: (value: Record<string, unknown>) => void;
  reject: (error: Error) => void;
}

/** One DevTools connection: commands with answers, and events by name. */
class Connection {
  private next = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly listeners: Array<(method: string, params: Record<string, unknown>, session?: string) => void> = [];

  constructor(private readonly socket: WebSocket) {
    socket.addEventListener("message", (event) => {
      const message = JSON.parse(String(event.data)) as {
        id?: number;
        result?: Record<string, unknown>;
        error?: { message: string };
        method?: string;
        params?: Record<string, unknown>;
        sessionId?: string;
      };
      if (message.id !== undefined) {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.error) waiting?.reject(new Error(message.error.message));
        else waiting?.resolve(message.result ?? {});
      } else if (message.method) {
        for (const listener of this.listeners) listener(message.method, message.params ?? {}, message.sessionId);
      }
    });
  }

  send(method: string, params: Record<string, unknown> = {}, sessionId?: string): Promise<Record<string, unknown>> {
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.socket.send(JSON.stringify({ id, method, params, ...(sessionId ? { sessionId } : {}) }));
    });
  }

  /** The next event `method` of `sessionId`. */
  once(method: string, sessionId: string, timeoutMs = 30_000): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${method} within ${timeoutMs} ms`)), timeoutMs);
      const listener = (name: string, params: Record<string, unknown>, session?: string) => {
        if (name !== method || session !== sessionId) return;
        clearTimeout(timer);
        this.listeners.splice(this.listeners.indexOf(listener), 1);
        resolve(params);
      };
      this.listeners.push(listener);
    });
  }
}

/** A tab: navigate, read the page by script, type, click, press keys, take screenshots. */
export class Page {
  constructor(
    private readonly connection: Connection,
    private readonly session: string,
  ) {}

  /** Runs `expression` in the page and returns its value (awaited, as JSON). */
  async evaluate<T>(expression: string): Promise<T> {
    const answer = (await this.connection.send(
      "Runtime.evaluate",
      { expression, returnByValue: true, awaitPromise: true },
      this.session,
    )) as { result?: { value?: T }; exceptionDetails?: { text?: string; exception?: { description?: string } } };
    if (answer.exceptionDetails) {
      throw new Error(
        answer.exceptionDetails.exception?.description ?? answer.exceptionDetails.text ?? "script failed",
      );
    }
    return answer.result?.value as T;
  }

  /** Does `action` and waits for the page it leads to to load. */
  async navigating(action: () => Promise<unknown>): Promise<void> {
    const loaded = this.connection.once("Page.loadEventFired", this.session);
    await action();
    await loaded;
  }

  goto(url: string): Promise<void> {
    return this.navigating(() => this.connection.send("Page.navigate", { url }, this.session));
  }

  url(): Promise<string> {
    return this.evaluate<string>("location.href");
  }

  text(selector = "main"): Promise<string> {
    return this.evaluate<string>(`document.querySelector(${JSON.stringify(selector)})?.innerText ?? ""`);
  }

  /** Types into a field as a user does: focus, then key by key. */
  async type(selector: string, value: string): Promise<void> {
    await this.evaluate(
      `(() => { const f = document.querySelector(${JSON.stringify(selector)}); f.focus(); f.value = ""; })()`,
    );
    await this.connection.send("Input.insertText", { text: value }, this.session);
  }

  /** Clicks the element's centre with the mouse and waits for the page it opens. */
  async clickAndWait(selector: string): Promise<void> {
    const box = await this.evaluate<{ x: number; y: number }>(
      `(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.scrollIntoView({block: "center"});` +
        ` const r = e.getBoundingClientRect(); return { x: r.x + r.width / 2, y: r.y + r.height / 2 }; })()`,
    );
    await this.navigating(async () => {
      for (const type of ["mousePressed", "mouseReleased"]) {
        await this.connection.send(
          "Input.dispatchMouseEvent",
          { type, x: box.x, y: box.y, button: "left", clickCount: 1 },
          this.session,
        );
      }
    });
  }

  /** Presses a key (`Tab`, `Enter`) once. */
  async press(key: "Tab" | "Enter"): Promise<void> {
    const code = { Tab: 9, Enter: 13 }[key];
    const text = key === "Enter" ? "\r" : undefined;
    await this.connection.send(
      "Input.dispatchKeyEvent",
      { type: "keyDown", key, code: key, windowsVirtualKeyCode: code, ...(text ? { text } : {}) },
      this.session,
    );
    await this.connection.send(
      "Input.dispatchKeyEvent",
      { type: "keyUp", key, code: key, windowsVirtualKeyCode: code },
      this.session,
    );
  }

  /** A PNG of what the window shows (`fullPage`: of the whole page). */
  async screenshot(file: string, fullPage = false): Promise<void> {
    const { data } = (await this.connection.send(
      "Page.captureScreenshot",
      { format: "png", captureBeyondViewport: fullPage },
      this.session,
    )) as { data: string };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(data, "base64"));
  }
}

export interface Browser {
  newPage(width?: number, height?: number): Promise<Page>;
  close(): Promise<void>;
}

/** Starts headless Chromium with a profile of its own, or says why it cannot. */
export async function launchBrowser(): Promise<Browser | { missing: string }> {
  const found = chromium();
  if ("missing" in found) return found;
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "streamkap-chromium-"));
  const child: ChildProcess = spawn(
    found.path,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-dev-shm-usage",
      "--no-first-run",
      "--no-default-browser-check",
      `--user-data-dir=${profile}`,
      "--remote-debugging-port=0",
      "about:blank",
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  const endpoint = await new Promise<string>((resolve, reject) => {
    let seen = "";
    const timer = setTimeout(() => reject(new Error(`Chromium did not start: ${seen.slice(-500)}`)), 60_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /DevTools listening on (ws:\/\/\S+)/.exec(seen);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once("exit", (code) => reject(new Error(`Chromium exited (${code}): ${seen.slice(-500)}`)));
  });
  const socket = new WebSocket(endpoint);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("could not connect to Chromium")), { once: true });
  });
  const connection = new Connection(socket);
  return {
    newPage: async (width = 1280, height = 900) => {
      const { targetId } = (await connection.send("Target.createTarget", { url: "about:blank" })) as {
        targetId: string;
      };
      const { sessionId } = (await connection.send("Target.attachToTarget", { targetId, flatten: true })) as {
        sessionId: string;
      };
      await connection.send("Page.enable", {}, sessionId);
      await connection.send(
        "Emulation.setDeviceMetricsOverride",
        { width, height, deviceScaleFactor: 1, mobile: false },
        sessionId,
      );
      return new Page(connection, sessionId);
    },
    close: async () => {
      socket.close();
      child.kill("SIGKILL");
      await new Promise((resolve) => (child.exitCode === null ? child.once("exit", resolve) : resolve(undefined)));
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
