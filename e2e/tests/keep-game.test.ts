import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { smsCount, waitForSms } from "../support/outbox";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * An anonymous player finishes the market place, keeps the game with a phone number from the
 * menu, and signs in with it again to the same points. Then the password reset: a used link
 * says it was used and sends the player to sign in, never round in a circle.
 */
describe("keeping the game with a phone number, and a used reset link", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;
  const phone = "0171 5550166";
  const canonical = "+491715550166";

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ SMS_PROVIDER: "outbox", CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const menuItem = async (name: string) => {
    await page.getByRole("button", { name: "Menü" }).click();
    await page.getByRole("navigation", { name: "Hauptmenü" }).getByRole("link", { name }).click();
  };

  it("offers an anonymous player to keep the game, and keeps it", async () => {
    await joinForFree(page, "/webapp/station/1");
    await startStation(page);
    const input = page.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
    await input.fill("Gockel");
    await page.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(page, "Lena").filter({ hasText: "Genau, der Gockel" }).waitFor({
      timeout: 15_000,
    });

    await menuItem("Spielstand sichern");
    await page.getByRole("heading", { name: "Spielstand mit Handynummer sichern" }).waitFor();
    expect(await field("Bisheriges Passwort").count()).toBe(0);
    await settle(page);
    await screenshot(page, "keep-game");
    await field("Vorname").fill("Ida");
    await field("Handynummer").fill(phone);
    await page.getByLabel("Ich habe den Datenschutzhinweis gelesen.").check();
    await page.getByRole("button", { name: "Code anfordern" }).click();
    const code = await waitForSms(server.url, canonical, /(\d{6})/);
    await field("Code aus der SMS").fill(code);
    await page.getByRole("button", { name: "Bestätigen" }).click();
    await page.getByRole("heading", { name: "Wähle dein Passwort" }).waitFor();
    await field("Neues Passwort").fill("gesichert-1");
    await field("Neues Passwort wiederholen").fill("gesichert-1");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");

    await page.goto("/webapp/points");
    await page.getByText("3 Punkte").first().waitFor();
  });

  it("signs in with the number on a fresh start to the same game", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto("/webapp/points");
    await page.waitForURL(/\/webapp\/login/);
    await field("Handynummer").fill(phone);
    await field("Passwort").fill("gesichert-1");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL(/\/webapp\/points$/);
    await page.getByText("3 Punkte").first().waitFor();
  });

  it("says of a used reset link that it was used, and sends the player to sign in", async () => {
    await page.evaluate(() => localStorage.clear());
    await page.goto("/webapp/login");
    const before = await smsCount(server.url, canonical);
    await field("Handynummer").fill(phone);
    await page.getByRole("button", { name: "Passwort vergessen?" }).click();
    const link = await waitForSms(server.url, canonical, /(https?:\/\/\S+)/, before);

    await page.goto(link);
    await field("Neues Passwort").fill("zurueck-2");
    await field("Neues Passwort wiederholen").fill("zurueck-2");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await page.waitForURL(/\/webapp\/login/);

    // The link again: it says it was used, and when a new one can be asked for.
    await page.goto(link);
    await page.getByRole("heading", { name: "Dieser Link wurde schon benutzt" }).waitFor();
    const text = await page.locator(".account").innerText();
    expect(text).toContain("Melde dich damit an.");
    expect(text).toMatch(/Ab (heute|morgen) \d{2}:\d{2} Uhr kannst du/);
    await settle(page);
    await screenshot(page, "reset-link-used");

    // The sign-in it leads to says the same of a second request.
    await page.getByRole("link", { name: "Zur Anmeldung" }).click();
    await page.waitForURL(/\/webapp\/login/);
    await field("Handynummer").fill(phone);
    await page.getByRole("button", { name: "Passwort vergessen?" }).click();
    await page
      .getByRole("alert")
      .filter({
        hasText: "Schon ein neues Passwort damit festgelegt? Dann melde dich mit diesem an.",
      })
      .waitFor();
    await field("Passwort").fill("zurueck-2");
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith("/webapp/login"));
  });
});
