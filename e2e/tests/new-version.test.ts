import { appendFile, cp, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree } from "../support/play";
import { repoRoot, startServer, type RunningServer } from "../support/server";

/**
 * A release deployed while the app is open (issue 28): the app finds the new worker, offers to
 * load it, and runs under it after the reload, rather than old code against a new server.
 */
describe("a new version while the app is open", () => {
  let webDist: string;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  const controller = () => page.evaluate(() => navigator.serviceWorker.controller?.state ?? null);
  const waitingWorker = () =>
    page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null);

  beforeAll(async () => {
    // The server's copy of the app: the test deploys into it.
    webDist = await mkdtemp(join(tmpdir(), "wegmarke-e2e-web-"));
    await cp(join(repoRoot, "web/dist"), webDist, { recursive: true });
    server = await startServer({ WEB_DIST: webDist });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await joinForFree(page, "/webapp/station/1");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await rm(webDist, { recursive: true, force: true });
  });

  it("offers the new release once it is deployed, and loads it", async () => {
    await expect.poll(controller, { timeout: 30_000 }).toBe("activated");
    const offer = page
      .getByRole("status")
      .filter({ hasText: "Eine neue Version des Spiels ist da." });
    expect(await offer.count()).toBe(0);
    // The deploy: a worker of other bytes (the precompressed copies go with the old one).
    await rm(join(webDist, "sw.js.br"), { force: true });
    await rm(join(webDist, "sw.js.gz"), { force: true });
    await appendFile(join(webDist, "sw.js"), "\n// the next release\n");
    // The player comes back to the app: it asks for a new release.
    await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
    await offer.waitFor({ timeout: 30_000 });
    await screenshot(page, "new-version");
    expect(await waitingWorker()).toBe(true);

    await Promise.all([
      page.waitForEvent("load"),
      offer.getByRole("button", { name: "Neu laden" }).click(),
    ]);
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    expect(await offer.count()).toBe(0);
    expect(await waitingWorker()).toBe(false);
    expect(await controller()).toBe("activated");
  });
});
