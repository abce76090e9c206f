import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * Where a screen opens, on a small phone (360 × 640): a new screen at its top, whatever the one
 * before was scrolled to; back returns to where the player was.
 */
describe("the place on the page", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await page.setViewportSize({ width: 360, height: 640 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const scrollY = () => page.evaluate(() => window.scrollY);
  const footer = () => page.getByRole("navigation", { name: "Bereiche" });

  it("opens the station list at its top from a scrolled chat", async () => {
    await joinForFree(page, "/webapp/station/1");
    await startStation(page);
    await messagesFrom(page, "Lena")
      .filter({ hasText: "Welches Tier" })
      .waitFor({ timeout: 20_000 });
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(scrollY).toBeGreaterThan(200);
    await footer()
      .getByRole("link", { name: /^Stationen/ })
      .click();
    await page.waitForURL(/\/webapp\/station$/);
    await page.getByRole("link", { name: "Das Landgrafenschloss" }).waitFor();
    await expect.poll(scrollY).toBe(0);
    await screenshot(page, "scroll-01-list-at-top");
  });

  it("returns to the place on the list after a station and back", async () => {
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(scrollY).toBeGreaterThan(100);
    // The place the tap leaves: the link clear of the footer, as a click scrolls it first.
    const link = page.getByRole("link", { name: "Die Elisabethkirche" });
    await link.scrollIntoViewIfNeeded();
    const place = await scrollY();
    expect(place).toBeGreaterThan(100);
    await link.click();
    await page.waitForURL(/\/webapp\/station\/3$/);
    await page.getByRole("heading", { name: "Die Elisabethkirche", level: 2 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.goBack();
    await page.waitForURL(/\/webapp\/station$/);
    await expect.poll(scrollY, { timeout: 10_000 }).toBe(place);
  });
});
