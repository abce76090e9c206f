import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { artifactsDir, launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * What a first visit meets before and around the game: free participation without scrolling
 * on two phones, the app in the browser's language (the demo follows it), and a privacy
 * notice that says truly when the location reaches the game.
 */
describe("a first visit", () => {
  let server: RunningServer;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** What the phone shows without scrolling: the fold is the screenshot's bottom edge. */
  async function viewportShot(page: Page, name: string): Promise<void> {
    await mkdir(artifactsDir, { recursive: true });
    await page.screenshot({ path: join(artifactsDir, `${name}.png`) });
  }

  it.each([
    ["iPhone 13", 390, 844, 3],
    ["Pixel 7", 412, 915, 2.625],
  ])(
    "shows free participation on an %s without scrolling",
    async (phone, width, height, deviceScaleFactor) => {
      if (!browser) throw new Error("no browser");
      const context = await browser.newContext({
        baseURL: server.url,
        viewport: { width, height },
        deviceScaleFactor,
        isMobile: true,
        hasTouch: true,
        locale: "de-DE",
      });
      const page = await context.newPage();
      await page.goto("/webapp/login");
      const join = page.getByRole("button", { name: "Kostenlos mitmachen" });
      await join.waitFor();
      await settle(page);
      const box = await join.boundingBox();
      if (!box) throw new Error("the button has no box");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
      await viewportShot(page, `first-visit-01-login-${phone.replace(/\s/g, "-")}`);
      await context.close();
    },
  );

  it("starts in English for a browser that speaks English; the language picked wins", async () => {
    if (!browser) throw new Error("no browser");
    const context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      locale: "en-US",
    });
    const page = await context.newPage();
    const configRequest = page.waitForRequest((r) => r.url().endsWith("/webapp/config.json"));
    await page.goto("/webapp/");
    expect((await configRequest).headers()["accept-language"]).toMatch(/^en-US/);
    await page.waitForURL(/\/webapp\/login\?target=/);
    await page.getByRole("button", { name: "Participate for free" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.title()).toBe("Welcome · Fairy-tale Marburg");
    await settle(page);
    await screenshot(page, "first-visit-02-login-english-browser");

    // The player picks German: it stays after a reload and into the game.
    await page
      .getByRole("group", { name: "Language" })
      .getByRole("button", { name: "Deutsch (du)" })
      .click();
    await page.getByRole("button", { name: "Kostenlos mitmachen" }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");
    await page.getByRole("heading", { level: 1, name: "Neuigkeiten" }).waitFor();
    await context.close();
  });

  it("says in the privacy notice when the location reaches the game, and sends it only then", async () => {
    if (!browser) throw new Error("no browser");
    // On the market square, with the location allowed.
    const { context, page } = await phonePage(browser, server.url);
    const activations: unknown[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/game/station/activate")) {
        activations.push(request.postDataJSON());
      }
    });
    await joinForFree(page, "/webapp/station/1");
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    // The app follows the position (it shows the distance) but keeps it for itself.
    await page.locator(".station__distance").waitFor();
    await startStation(page);
    await expect.poll(() => activations.length).toBe(1);
    expect(activations[0]).not.toHaveProperty("Position");

    // The Steinweg opens only at its place: its start carries the position, for the check.
    await page.goto("/webapp/station/15");
    await page.getByRole("heading", { name: "Der Steinweg" }).waitFor();
    await startStation(page);
    await expect.poll(() => activations.length).toBe(2);
    expect(activations[1]).toMatchObject({
      StationID: 15,
      Position: { Latitude: 50.8096, Longitude: 8.7701 },
    });
    await page.getByRole("alert").filter({ hasText: "Geh näher heran" }).waitFor();

    await page.goto("/webapp/privacy");
    const location = page.locator(".privacy__text p").filter({ hasText: "Dein Standort." });
    await location.waitFor();
    const text = await location.innerText();
    for (const said of [
      "Beim Start einer Station, die sich erst an ihrem Ort öffnet",
      "weder gespeichert noch protokolliert",
      "Meinen Standort mit meinem Team teilen",
      "zwei Minuten nach der letzten Übermittlung",
    ]) {
      expect(text).toContain(said);
    }
    expect(await page.getByText(/nicht an uns übertragen/).count()).toBe(0);
    await location.scrollIntoViewIfNeeded();
    await settle(page);
    await viewportShot(page, "first-visit-03-privacy-location");
    await context.close();
  });
});
