import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** A call of the Badging API: the count set, or null for clearAppBadge(). */
type BadgeCall = number | null;

declare global {
  interface Window {
    appBadgeCalls: BadgeCall[];
  }
}

/**
 * The app icon's badge follows the count of unread messages. Chromium's Badging API shows
 * nothing headless, so every page records its calls instead (set up before the app's scripts).
 */
describe("app badge", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await page.addInitScript(() => {
      const calls: BadgeCall[] = [];
      window.appBadgeCalls = calls;
      Object.defineProperty(Navigator.prototype, "setAppBadge", {
        configurable: true,
        value: (count?: number) => {
          calls.push(count ?? 0);
          return Promise.resolve();
        },
      });
      Object.defineProperty(Navigator.prototype, "clearAppBadge", {
        configurable: true,
        value: () => {
          calls.push(null);
          return Promise.resolve();
        },
      });
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const calls = () => page.evaluate(() => window.appBadgeCalls);
  const lastCall = async () => (await calls()).at(-1);
  const footer = () => page.getByRole("navigation", { name: "Bereiche" });
  const stationsLink = () => footer().getByRole("link", { name: /^Stationen/ });

  it("clears the badge while nothing is unread", async () => {
    await joinForFree(page, "/webapp/station/1");
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    await expect.poll(calls).toContain(null);
    expect((await calls()).filter((call) => call !== null)).toEqual([]);
  });

  it("counts each of Lena's messages that arrives while the player is elsewhere", async () => {
    await startStation(page);
    await page.getByRole("status").filter({ hasText: "Lena schreibt" }).waitFor();
    await footer().getByRole("link", { name: "Neuigkeiten" }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");

    // Lena's four lines up to her question, typed one by one.
    await expect.poll(lastCall, { timeout: 20_000 }).toBe(4);
    expect((await calls()).filter((call) => call !== null)).toEqual([1, 2, 3, 4]);
    expect(await stationsLink().innerText()).toContain("4 ungelesene Nachrichten");
    await screenshot(page, "badge-01-four-unread");
  });

  it("sets the badge again when the app is opened anew", async () => {
    await page.reload();
    await expect.poll(lastCall).toBe(4);
    expect(await calls()).not.toContain(null);
  });

  it("clears the badge once the messages were read", async () => {
    await stationsLink().click();
    await page.getByRole("link", { name: /Der Marktplatz/ }).click();
    await messagesFrom(page, "Lena").filter({ hasText: "Welches Tier kräht" }).waitFor();
    await expect.poll(lastCall).toBe(null);
    expect(await stationsLink().innerText()).not.toContain("ungelesen");
    await screenshot(page, "badge-02-read");
  });

  /** The badge calls made while Lena's reply arrived at her open station. */
  let callsWhileReading: BadgeCall[] = [];

  it("shows a reply that arrives at the open station as read", async () => {
    const before = (await calls()).length;
    const input = page.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    await input.fill("Hahn");
    await page.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(page, "Lena")
      .filter({ hasText: "Bis gleich!" })
      .waitFor({ timeout: 15_000 });
    expect(await stationsLink().innerText()).not.toContain("ungelesen");
    await expect.poll(lastCall).toBe(null);
    callsWhileReading = (await calls()).slice(before);
  });

  // A message that arrives while its station is open is read at once: no badge for it.
  it("leaves the badge alone for messages read as they arrive", () => {
    expect(callsWhileReading.filter((call) => call !== null)).toEqual([]);
  });
});
