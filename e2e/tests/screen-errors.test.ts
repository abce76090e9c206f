import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { joinForFree } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * Never a blank page (issue 28): a screen whose code does not arrive shows why, with a retry
 * that works once the network does, and the server hears of it.
 */
describe("a screen that does not load", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // The worker would serve the chunk from its cache, past the page's routes.
    ({ page } = await phonePage(browser, server.url, marktplatz, "block"));
    await joinForFree(page, "/webapp/station/1");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("shows why with a retry, reports it, and the retry opens the screen", async () => {
    const chunk = "**/assets/points-screen-*.js";
    await page.route(chunk, (route) => route.abort("internetdisconnected"));
    await page.goto("/webapp/points");
    const problem = page.getByRole("alert").filter({
      has: page.getByRole("heading", { name: "Dieser Bildschirm ließ sich nicht öffnen" }),
    });
    await problem.waitFor();
    await screenshot(page, "screen-error");
    await expect
      .poll(
        async () =>
          (await (await fetch(`${server.url}/metrics`)).text()).match(
            /wegmarke_client_errors_total\{game="default",kind="chunk"\} (\d+)/,
          )?.[1],
      )
      .toBe("1");

    await page.unroute(chunk);
    await problem.getByRole("button", { name: "Noch einmal versuchen" }).click();
    await page.getByText("Deine Punkte bisher").waitFor();
    expect(await problem.count()).toBe(0);
  });

  it("leads home from the problem", async () => {
    const chunk = "**/assets/points-screen-*.js";
    await page.route(chunk, (route) => route.abort("internetdisconnected"));
    await page.goto("/webapp/points");
    await page.getByRole("link", { name: "Zur Startseite" }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");
    expect(await page.getByRole("alert").filter({ hasText: "nicht öffnen" }).count()).toBe(0);
    await page.unroute(chunk);
  });
});
