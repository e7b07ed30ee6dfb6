/**
 * A real browser for tests: Debian's headless Chromium, driven by playwright-core (which downloads no browser of
 * its own). scripts/toolchain.sh installs Chromium and names it in PULUMI_STREAMKAP_CHROMIUM; a test never
 * installs anything, so without Chromium `launchBrowser` fails and says how to get it.
 */
import * as fs from "node:fs";
import { type BrowserContext as DriverContext, type Page as DriverPage, chromium as driver } from "playwright-core";

const debianChromium = "/usr/bin/chromium";

/** Chromium's path (PULUMI_STREAMKAP_CHROMIUM, else Debian's), or why there is none and how to get it. */
export function chromium(): { path: string } | { missing: string } {
  const named = process.env.PULUMI_STREAMKAP_CHROMIUM;
  const candidate = named || debianChromium;
  if (fs.existsSync(candidate)) return { path: candidate };
  const where = named ? `PULUMI_STREAMKAP_CHROMIUM names ${named}, which does not exist` : `no ${debianChromium}`;
  return {
    missing:
      `Chromium is not installed (${where}): run the tests through scripts/toolchain.sh (\`npm test\` does), ` +
      "which installs Debian's chromium package when it runs as root, or install Debian's chromium package yourself",
  };
}

/** A tab: navigate, read the page by script, type, click, press keys, take screenshots. */
export class Page {
  constructor(private readonly page: DriverPage) {}

  /** Runs `expression` in the page and returns its value (awaited, as JSON). */
  evaluate<T>(expression: string): Promise<T> {
    return this.page.evaluate<T>(expression);
  }

  /** Does `action` and waits for the page it leads to to load. */
  async navigating(action: () => Promise<unknown>): Promise<void> {
    // Listening before acting: a fast server can finish loading before `action` returns.
    const loaded = this.page.waitForEvent("load");
    await action();
    await loaded;
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url, { waitUntil: "load" });
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  /** The element's text as a reader sees it; "" when there is no such element, so a test can assert its absence. */
  text(selector = "main"): Promise<string> {
    return this.evaluate<string>(`document.querySelector(${JSON.stringify(selector)})?.innerText ?? ""`);
  }

  /** Types into a field as a user does: focus, clear, then enter the text. */
  async type(selector: string, value: string): Promise<void> {
    await this.page.locator(selector).first().fill(value);
  }

  /** Clicks the element's centre with the mouse and waits for the page it opens. */
  async clickAndWait(selector: string): Promise<void> {
    // `first()`: the lists' selectors match every row's link, and the tests mean the first, as querySelector does.
    await this.navigating(() => this.page.locator(selector).first().click());
  }

  /** Presses a key (`Tab`, `Enter`) once. */
  async press(key: "Tab" | "Enter"): Promise<void> {
    await this.page.keyboard.press(key);
  }

  /** A PNG of what the window shows (`fullPage`: of the whole page). */
  async screenshot(file: string, fullPage = false): Promise<void> {
    await this.page.screenshot({ path: file, fullPage, type: "png" });
  }
}

export interface Browser {
  newPage(width?: number, height?: number): Promise<Page>;
  close(): Promise<void>;
}

/** Starts headless Chromium with a profile of its own; fails, saying how to get Chromium, when it is missing. */
export async function launchBrowser(): Promise<Browser> {
  const found = chromium();
  if ("missing" in found) throw new Error(found.missing);
  const browser = await driver.launch({ executablePath: found.path, headless: true, timeout: 60_000 });
  // One context for every page, as one browser profile: a page opened later shares the sign-in cookie.
  let context: DriverContext;
  try {
    context = await browser.newContext({ deviceScaleFactor: 1 });
  } catch (error) {
    await browser.close();
    throw error;
  }
  return {
    newPage: async (width = 1280, height = 900) => {
      const page = await context.newPage();
      await page.setViewportSize({ width, height });
      return new Page(page);
    },
    close: () => browser.close(),
  };
}
