import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Response } from "playwright-core";
import { launchBrowser, phonePage } from "../support/browser";
import { germanLabels } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * The app as a phone loads it from the built files: its scripts arrive compressed (the build's
 * brotli or gzip copies, as the browser's Accept-Encoding asks), cacheable for good, and the app
 * runs from them.
 */
describe("the app over compression", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("loads its main script compressed and cached for good, and shows the login", async () => {
    const scripts: Response[] = [];
    page.on("response", (response) => {
      if (/\/webapp\/assets\/index-[^/]+\.js$/.test(response.url())) scripts.push(response);
    });
    const document = await page.goto("/webapp/");
    expect(document?.headers()["content-encoding"]).toMatch(/^(br|gzip)$/);
    await page.getByRole("button", { name: germanLabels.participate }).waitFor();

    expect(scripts).toHaveLength(1);
    const main = scripts[0]?.headers() ?? {};
    expect(main["content-encoding"]).toMatch(/^(br|gzip)$/);
    expect(main["vary"]).toMatch(/accept-encoding/i);
    expect(main["cache-control"]).toBe("public, max-age=31536000, immutable");
    const request = await scripts[0]?.request().allHeaders();
    expect(request?.["accept-encoding"]).toContain(main["content-encoding"]);
  });
});
