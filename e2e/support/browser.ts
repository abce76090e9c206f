import { mkdir, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

/** Screenshots for review land here (ignored by git). */
export const artifactsDir = resolve(fileURLToPath(import.meta.url), "../../artifacts");

/**
 * Debian's chromium with the flags this closed network needs (and `extraArgs`, a fake
 * microphone say). Playwright gives every launch a fresh, temporary profile of its own.
 */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/**
 * A phone-sized browser with a profile of its own on disk, not incognito as `phonePage`'s
 * contexts are: Chromium judges whether an app can be installed only there.
 */
export async function phoneWithProfile(
  baseURL: string,
): Promise<{ context: BrowserContext; page: Page; close(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-profile-"));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: "/usr/bin/chromium",
    headless: true,
    args: [...CHROMIUM_ARGS, "--bypass-app-banner-engagement-checks"],
    baseURL,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "de-DE",
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const close = async () => {
    await context.close();
    await rm(dir, { recursive: true, force: true });
  };
  return { context, page, close };
}

/** Marburg's market square: the demo game's first station is a few metres away. */
export const marktplatz = { latitude: 50.8096, longitude: 8.7701 };

/**
 * A phone-sized page, German, with geolocation granted at the given place; `serviceWorkers:
 * "block"` where a test's routes must see what the worker would serve from its cache.
 */
export async function phonePage(
  browser: Browser,
  baseURL: string,
  position = marktplatz,
  serviceWorkers: "allow" | "block" = "allow",
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    serviceWorkers,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "de-DE",
    geolocation: { ...position, accuracy: 30 },
    permissions: ["geolocation"],
  });
  const page = await context.newPage();
  return { context, page };
}

/** Saves a full-page screenshot under e2e/artifacts for a person to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(artifactsDir, { recursive: true });
  await page.screenshot({ path: join(artifactsDir, `${name}.png`), fullPage: true });
}
