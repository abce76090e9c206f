import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, screenshot } from "../support/browser";
import { waitForSms } from "../support/outbox";
import { messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

const phone = "0171 2345690";
const canonical = "+491712345690";

/**
 * A new player on a small phone (360 × 640): the SMS code signs them in and they land in the
 * game; what they read there (a station's messages, the points page) is theirs, not the
 * device's: signed out and in again, nothing comes back as new.
 */
describe("a registered player's read state", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ SMS_PROVIDER: "outbox" });
    browser = await launchBrowser();
    context = await browser.newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "de-DE",
      geolocation: { latitude: 50.8096, longitude: 8.7701, accuracy: 30 },
      permissions: ["geolocation"],
    });
    page = await context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const isHome = (url: URL) => url.pathname.replace(/\/$/, "") === "/webapp";
  const newPoints = () => page.getByText("Du hast neue Punkte gesammelt!");

  it("signs the player in with the SMS code and leads into the game", async () => {
    await page.goto("/webapp/register");
    await field("Vorname").fill("Ida");
    await field("Handynummer").fill(phone);
    await page.getByLabel("Ich habe den Datenschutzhinweis gelesen.").check();
    await page.getByRole("button", { name: "Code anfordern" }).click();
    await page.getByRole("heading", { name: "Code eingeben" }).waitFor();
    const code = await waitForSms(server.url, canonical, /(\d{6})/);
    await field("Code aus der SMS").fill(code);
    await page.getByRole("button", { name: "Bestätigen" }).click();

    await page.waitForURL(isHome);
    await page.getByText(/Du bist angemeldet/).waitFor();
    // No sign-in form, no "Kostenlos mitmachen": the game.
    expect(await page.getByRole("button", { name: "Kostenlos mitmachen" }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("wegmarke.config"))).toContain(
      "authToken",
    );
    await settle(page);
    await screenshot(page, "account-read-01-registered-360");
  });

  it("plays the market place and sees its points", async () => {
    await page.goto("/webapp/station/1");
    await startStation(page);
    const lena = messagesFrom(page, "Lena");
    await lena.filter({ hasText: "Welches Tier kräht" }).waitFor({ timeout: 30_000 });
    const answer = page.getByRole("textbox");
    await expect.poll(() => answer.isEnabled(), { timeout: 15_000 }).toBe(true);
    await answer.fill("Gockel");
    await answer.press("Enter");
    await lena.filter({ hasText: "Weiter geht's" }).waitFor({ timeout: 30_000 });

    await page.goto("/webapp/");
    await newPoints().waitFor();
    await page.goto("/webapp/points");
    await page
      .getByText(/3 Punkte/)
      .first()
      .waitFor();
    await page.goto("/webapp/");
    await page.getByRole("heading").first().waitFor();
    expect(await newPoints().count()).toBe(0);
  });

  it("finds nothing new after signing out and in again", async () => {
    // What was read reached the account.
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const config = JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}") as {
            authToken: string;
          };
          const response = await fetch(`/api/game/player/read?hash=${config.authToken}`);
          return ((await response.json()) as { value: { Points: number } }).value.Points;
        }),
      )
      .toBe(3);

    // Signed out at /webapp/logout, as the menu's "Abmelden" does.
    await page.goto("/webapp/logout");
    await page.waitForURL(/\/webapp\/login/);
    const code = await waitForSms(server.url, canonical, /(\d{6})/);
    await field("Handynummer").fill(phone);
    await field("Passwort").fill(code);
    await page.getByRole("button", { name: "Anmelden", exact: true }).click();
    await page.getByRole("button", { name: "Später – weiter zum Spiel" }).click();
    await page.waitForURL(isHome);

    // The game is back (its points), and what was read stays read.
    await page.goto("/webapp/points");
    await page
      .getByText(/3 Punkte/)
      .first()
      .waitFor();
    await page.goto("/webapp/");
    await page.getByRole("heading").first().waitFor();
    await settle(page);
    expect(await newPoints().count()).toBe(0);
    await page.goto("/webapp/station/1");
    await messagesFrom(page, "Lena").filter({ hasText: "Weiter geht's" }).waitFor();
    expect(await page.getByText("Neu", { exact: true }).count()).toBe(0);
    await screenshot(page, "account-read-02-signed-in-again-360");
  });
});
