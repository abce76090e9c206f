import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, settle } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

const OPERATOR_TOKEN = "news-history-e2e-operator-token-".padEnd(40, "t");

/**
 * News that name a station lead there, the urgent banner's too; and every news item can be read
 * again under "Alle Neuigkeiten" once home has shown it. On a small phone (360 × 640).
 */
describe("the news and where they lead", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ OPERATOR_TOKEN });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await page.setViewportSize({ width: 360, height: 640 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("links the urgent news to the station it names", async () => {
    await joinForFree(page, "/webapp/station");
    const sent = await fetch(`${server.url}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        text: { de: "Gleich beginnt die Märchenstunde!", en: "The story hour begins soon!" },
        stationId: 9,
        urgent: true,
      }),
    });
    expect(sent.status).toBe(200);
    const banner = page.getByRole("alert").filter({ hasText: "Märchenstunde" });
    const link = banner.getByRole("link", { name: "Zu „Märchenstunde an der Pfarrkirche“" });
    await link.waitFor();
    await settle(page);
    await screenshot(page, "news-01-urgent-link");
    await link.click();
    await page.waitForURL(/\/webapp\/story\/9$/);
  });

  it("keeps the news home has shown under Alle Neuigkeiten", async () => {
    await page.goto("/webapp/");
    await page.getByRole("region", { name: "Neuigkeiten" }).waitFor();
    await page.goto("/webapp/station");
    await page.goto("/webapp/");
    await page.getByRole("link", { name: "Zur Stationsliste" }).waitFor();
    expect(await page.getByRole("region", { name: "Neuigkeiten" }).count()).toBe(0);
    await page.getByRole("link", { name: "Alle Neuigkeiten" }).click();
    await page.waitForURL(/\/webapp\/news$/);
    const item = page.locator(".news-item--game");
    await item.getByText("Gleich beginnt die Märchenstunde!").waitFor();
    await settle(page);
    await screenshot(page, "news-02-history");
    await item.getByRole("link", { name: "Zu „Märchenstunde an der Pfarrkirche“" }).click();
    await page.waitForURL(/\/webapp\/story\/9$/);
  });
});
