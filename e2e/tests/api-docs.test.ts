import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { startServer, type RunningServer } from "../support/server";

/**
 * The API description rendered for people at /api/docs/ (Swagger UI from the server's own
 * files): its groups and routes show on a phone and a desktop, under the server's
 * Content-Security-Policy, without a call to another host.
 */
describe("the API description page", () => {
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

  const started = (): Browser => {
    if (!browser) throw new Error("chromium did not start");
    return browser;
  };

  /** Opens the page, counting what the CSP refused and every request to another origin. */
  async function open(page: Page) {
    const foreign: string[] = [];
    page.on("request", (request) => {
      if (!request.url().startsWith(server.url)) foreign.push(request.url());
    });
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { cspViolations: seen });
      document.addEventListener("securitypolicyviolation", (event) => {
        seen.push(`${event.violatedDirective} ${event.blockedURI}`);
      });
    });
    await page.goto("/api/docs/");
    await page.getByRole("heading", { name: /Wegmarke API/ }).waitFor();
    const violations = await page.evaluate(
      () => (window as unknown as { cspViolations: string[] }).cspViolations,
    );
    return { foreign, violations };
  }

  /** Opens a group, then one of its routes. */
  async function openOperation(page: Page, tag: string, path: string) {
    await page.locator(`#operations-tag-${tag}`).click();
    await page.locator(`.opblock-summary-path[data-path="${path}"]`).click();
  }

  it("shows the groups and a route's schema on a phone", async () => {
    const { page } = await phonePage(started(), server.url);
    const { foreign, violations } = await open(page);
    await openOperation(page, "game", "/api/game/player/answer");
    await page.locator(".opblock-body").getByText("StationID").first().waitFor();
    await screenshot(page, "api-docs-phone");
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
  });

  it("shows every group on a desktop", async () => {
    const context = await started().newContext({
      baseURL: server.url,
      viewport: { width: 1280, height: 900 },
    });
    const page = await context.newPage();
    const { foreign, violations } = await open(page);
    for (const tag of ["accounts", "game", "teams", "ops", "studio", "web app", "service"]) {
      await page.locator(`h3#operations-tag-${tag.replace(" ", "_")}`).waitFor();
    }
    await openOperation(page, "ops", "/api/ops/players");
    await page.locator(".opblock-body").getByText("The role host.").waitFor();
    await screenshot(page, "api-docs-desktop");
    expect(violations).toEqual([]);
    expect(foreign).toEqual([]);
    await context.close();
  });
});
