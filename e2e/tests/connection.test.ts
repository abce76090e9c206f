import { afterAll, beforeAll, describe, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** The app tells the truth about the network (issue 28): offline, and back. */
describe("the network comes and goes", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await phonePage(browser, server.url));
    await joinForFree(page, "/webapp/station/1");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("says so while the phone is offline, and goes once the game is back", async () => {
    const banner = page.getByRole("status").filter({ hasText: "Du bist offline." });
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    await context.setOffline(true);
    await banner.waitFor();
    await screenshot(page, "connection-offline");
    await context.setOffline(false);
    await banner.waitFor({ state: "detached", timeout: 20_000 });
    await page
      .getByRole("status")
      .filter({ hasText: "Verbindung zum Spiel wird wiederhergestellt" })
      .waitFor({ state: "detached", timeout: 20_000 });
  });
});
