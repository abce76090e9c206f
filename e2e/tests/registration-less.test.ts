import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { settle } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** A pack with `registrationLess`: players are registered anonymously, never see a login. */
describe("registration-less mode", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    pack = await demoPackWith({ registrationLess: true });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const storedToken = () =>
    page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}") as { authToken?: string })
          .authToken ?? null,
    );
  const isHome = (url: URL) => url.pathname.replace(/\/$/, "") === "/webapp";

  it("registers the visitor anonymously without showing a login screen", async () => {
    const paths: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) paths.push(new URL(frame.url()).pathname);
    });
    await page.goto("/webapp/");
    await page.getByRole("navigation", { name: "Bereiche" }).waitFor();
    await expect.poll(storedToken).not.toBeNull();
    expect(isHome(new URL(page.url()))).toBe(true);
    expect(paths.filter((path) => path.startsWith("/webapp/login"))).toEqual([]);
    expect(await page.getByRole("button", { name: "Kostenlos mitmachen" }).count()).toBe(0);
    await screenshot(page, "22-registration-less-home");
  });

  it("has no logout and no change password in the menu", async () => {
    await page.getByRole("button", { name: "Menü" }).click();
    const menu = page.getByRole("navigation", { name: "Hauptmenü" });
    await menu.getByRole("link", { name: "Konto löschen" }).waitFor();
    expect(await menu.getByRole("button", { name: "Abmelden" }).count()).toBe(0);
    expect(await menu.getByRole("link", { name: "Passwort ändern" }).count()).toBe(0);
    await screenshot(page, "23-registration-less-menu");
    await page.keyboard.press("Escape");
  });

  it("sends /webapp/login on to the game", async () => {
    await page.goto("/webapp/login?target=%2Fwebapp%2Fstation");
    await page.waitForURL(/\/webapp\/station$/);
  });

  it("registers anew, without a visible error, when the stream session is invalid", async () => {
    const before = await storedToken();
    await page.evaluate(() => {
      const config = JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}") as object;
      localStorage.setItem(
        "wegmarke.config",
        JSON.stringify({ ...config, authToken: "no-such-token", lastEventId: null }),
      );
    });
    await page.reload();
    await expect.poll(storedToken, { timeout: 15_000 }).not.toBe("no-such-token");
    expect(await storedToken()).not.toBe(before);
    await page.getByRole("navigation", { name: "Bereiche" }).waitFor();
    expect(await page.locator(".flash").count()).toBe(0);
    expect(page.url()).toMatch(/\/webapp\/station$/);
  });

  it("shows the 404 at /webapp/debug when the pack does not enable debug", async () => {
    await page.goto("/webapp/debug");
    await page.getByRole("heading", { name: "Diese Seite gibt es nicht." }).waitFor();
  });

  it("deletes the account and ends at /?account-deleted=1, which says so", async () => {
    await page.goto("/webapp/end");
    await page.getByRole("button", { name: "Konto löschen" }).click();
    const dialog = page.getByRole("dialog", { name: "Konto löschen?" });
    // The app leaves for /?account-deleted=1 (spec 4); the server keeps the query on its way
    // to the app, which shows the message there instead of registering anew.
    const leaving = page.waitForResponse(`${server.url}/?account-deleted=1`);
    await dialog.getByRole("button", { name: "Ja, löschen" }).click();
    const redirect = await leaving;
    expect(redirect.status()).toBe(302);
    expect(redirect.headers().location).toBe("webapp/?account-deleted=1");
    await page.waitForURL(`${server.url}/webapp/?account-deleted=1`);
    await page
      .getByRole("status")
      .filter({ hasText: "Dein Konto und deine Daten wurden gelöscht." })
      .waitFor();
    expect(await storedToken()).toBeNull();
    await settle(page);
    await screenshot(page, "29-registration-less-deleted");

    await page.getByRole("button", { name: "Neu starten" }).click();
    await page.getByRole("navigation", { name: "Bereiche" }).waitFor();
    await expect.poll(storedToken).not.toBeNull();
  });
});
