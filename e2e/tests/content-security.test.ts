import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage } from "../support/browser";
import { joinForFree, messagesFrom, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * The server answers with a Content-Security-Policy that allows no inline script and no
 * framing. The app, its pictures, media, service worker and the reset link page work under it:
 * the browser reports no violation anywhere.
 */
describe("the content security policy", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    // Every page collects the violations the browser reports.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const violations = () =>
    page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

  it("is sent with the app", async () => {
    const response = await page.goto("/webapp/");
    expect(response?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  it("lets a player sign up, see the pictures and play a station", async () => {
    await joinForFree(page, "/webapp/station/1");
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    await startStation(page);
    await messagesFrom(page, "Lena").first().waitFor();
    expect(await violations()).toEqual([]);
  });

  it("lets the points, the stories and help show, pictures and audio included", async () => {
    for (const path of ["/webapp/points", "/webapp/stories", "/webapp/help", "/webapp/privacy"]) {
      await page.goto(path);
      await page.locator("main").waitFor();
      await page.waitForLoadState("networkidle");
      expect(await violations(), path).toEqual([]);
    }
  });

  it("lets the page of a password reset link show", async () => {
    // A token the server does not know: the page asks it and says the link is no longer valid.
    await page.goto(`/webapp/password?token=${"0".repeat(64)}`);
    await page.getByRole("heading", { name: "Link gilt nicht mehr" }).waitFor();
    expect(await violations()).toEqual([]);
  });
});
