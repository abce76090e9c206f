import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser } from "playwright-core";
import { launchBrowser, phoneWithProfile, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

const iPhone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

/**
 * The app installs as the game (issue 28): Chromium finds the demo's manifest installable and
 * reads the game's name, colours and icons from it; an iPhone, which has no install prompt and
 * takes notifications only from the home screen, is shown how to put the game there.
 */
describe("installing the app", () => {
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

  it("is installable in Chromium, named and coloured as the game", async () => {
    const { context, page, close } = await phoneWithProfile(server.url);
    await joinForFree(page, "/webapp/station");
    // Installable once the service worker controls the page.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 20_000,
    });
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
    expect(installabilityErrors).toEqual([]);
    const { url, errors, data } = await cdp.send("Page.getAppManifest");
    expect(url).toBe(`${server.url}/webapp/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? "{}") as Record<string, unknown>;
    expect(manifest).toMatchObject({
      name: "Märchenhaftes Marburg",
      short_name: "Märchen",
      theme_color: "#a3302a",
      id: "/webapp/?game=marburg",
    });
    expect(await page.locator('meta[name="theme-color"]').getAttribute("content")).toBe("#a3302a");
    const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(appleIcon).toBe("/webapp/app-icons/apple-touch-icon.png");
    const icon = await page.request.get(appleIcon ?? "");
    expect([icon.status(), icon.headers()["content-type"]]).toEqual([200, "image/png"]);
    await page.getByRole("button", { name: "Menü" }).click();
    // Chromium offered to install (`beforeinstallprompt`): the menu holds that offer.
    const install = page.getByRole("button", { name: "Als App installieren" });
    await install.waitFor({ timeout: 15_000 });
    await settle(page);
    await screenshot(page, "install-02-menu");
    await page.keyboard.press("Escape");

    // Below a running station: first the notifications, once decided the app to install.
    await page.goto("/webapp/station/1");
    await startStation(page);
    const offer = page.getByRole("complementary", {
      name: "Auch mit dem Handy in der Tasche dabei",
    });
    await offer.getByRole("button", { name: "Nicht jetzt" }).click();
    const hint = page.getByRole("complementary", { name: "Das Spiel als App" });
    await hint.getByRole("button", { name: "Als App installieren" }).waitFor();
    await settle(page);
    await screenshot(page, "install-03-hint");
    await hint.getByRole("button", { name: "Nicht jetzt" }).click();
    await hint.waitFor({ state: "detached" });
    await page.reload();
    await messagesFrom(page, "Lena").first().waitFor({ timeout: 20_000 });
    expect(await hint.count()).toBe(0);
    expect(await offer.count()).toBe(0);
    await close();
  });

  it("shows an iPhone how to put the game on its home screen, for notifications too", async () => {
    const context = await (browser as Browser).newContext({
      baseURL: server.url,
      userAgent: iPhone,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "de-DE",
    });
    // Safari in a tab: no Web Push until the game runs from the home screen.
    await context.addInitScript(() => {
      Reflect.deleteProperty(window, "PushManager");
    });
    const page = await context.newPage();
    await joinForFree(page, "/webapp/station/1");
    await startStation(page);
    await messagesFrom(page, "Lena").first().waitFor({ timeout: 20_000 });
    const hint = page.getByRole("complementary", {
      name: "Auch mit dem Handy in der Tasche dabei",
    });
    await hint.getByText("wenn das Spiel auf deinem Home-Bildschirm liegt").waitFor();
    expect(await hint.getByRole("button", { name: "Mitteilungen erlauben" }).count()).toBe(0);
    await hint.getByRole("button", { name: "So geht's" }).click();
    const steps = page.getByRole("dialog", { name: "Zum Home-Bildschirm hinzufügen" });
    await steps.getByText("Tippe in Safari unten auf „Teilen“").waitFor();
    await settle(page);
    await screenshot(page, "install-01-iphone-steps");
    await steps.getByRole("button", { name: "Verstanden" }).click();
    await steps.waitFor({ state: "detached" });

    await page.getByRole("button", { name: "Menü" }).click();
    await page.getByRole("button", { name: "Zum Home-Bildschirm hinzufügen" }).click();
    await steps.waitFor();
    await steps.getByRole("button", { name: "Verstanden" }).click();

    // "Not now" puts the hint away for good.
    await hint.getByRole("button", { name: "Nicht jetzt" }).click();
    await hint.waitFor({ state: "detached" });
    await page.reload();
    await messagesFrom(page, "Lena").first().waitFor();
    expect(await hint.count()).toBe(0);
    await context.close();
  });
});
