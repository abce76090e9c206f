import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { smsCount, waitForSms } from "../support/outbox";
import { settle } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** As the player types it, and as the server keys the account (and addresses the SMS). */
const phone = "0171 2345678";
const canonical = "+491712345678";

/**
 * A registered player's life: registration by SMS code, which signs the player in (the code
 * the first password; a password of the player's own asked for at the sign-in with the code, a
 * common one refused), sign-in (a wrong password first), password change with the current password,
 * logout, a forgotten password reset by SMS link, debug, account deletion.
 */
describe("accounts", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;
  let code = "";

  beforeAll(async () => {
    pack = await demoPackWith({ debug: true });
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
  const submitLogin = () => page.getByRole("button", { name: "Anmelden", exact: true }).click();
  const storedConfig = () => page.evaluate(() => localStorage.getItem("wegmarke.config"));
  const savePassword = () => page.getByRole("button", { name: "Passwort speichern" }).click();
  const flash = (text: string) => page.getByRole("alert").filter({ hasText: text });

  async function openMenuItem(name: string) {
    await page.getByRole("button", { name: "Menü" }).click();
    const menu = page.getByRole("navigation", { name: "Hauptmenü" });
    await menu.getByRole("link", { name }).or(menu.getByRole("button", { name })).click();
  }

  async function signIn(password: string) {
    await field("Handynummer").fill(phone);
    await field("Passwort").fill(password);
    await submitLogin();
    await page.waitForURL((url) => !url.pathname.startsWith("/webapp/login"));
  }

  async function logOut() {
    await openMenuItem("Abmelden");
    await page.getByRole("dialog").getByRole("button", { name: "Ja, abmelden" }).click();
    await page.waitForURL(/\/webapp\/login/);
  }

  /** The code in local storage, session storage or the address: none of them may keep it. */
  async function keptCode(): Promise<string[]> {
    const stored = await page.evaluate(() =>
      [localStorage, sessionStorage].flatMap((storage) =>
        Object.keys(storage).map((key) => storage.getItem(key) ?? ""),
      ),
    );
    return [...stored, page.url()].filter((text) => text.includes(code));
  }

  it("offers sign-in with phone number and password, registration and free participation", async () => {
    await page.goto("/webapp/");
    await page.waitForURL(/\/webapp\/login\?target=/);
    await field("Handynummer").waitFor();
    expect(await field("Handynummer").getAttribute("placeholder")).toBe("0171 1234567");
    await page.getByRole("button", { name: "Kostenlos mitmachen" }).waitFor();
    await screenshot(page, "10-login-phone");
  });

  it("registers with first name and phone number and confirms the SMS code", async () => {
    await page.getByRole("link", { name: "Registrieren" }).click();
    await page.getByRole("heading", { name: "Konto anlegen" }).waitFor();
    await page.getByRole("button", { name: "Code anfordern" }).click();
    await page.getByText("Feld muss ausgefüllt werden").first().waitFor();
    await page.getByText("Bitte bestätige das, um weiterzumachen.").waitFor();
    await screenshot(page, "11-register-invalid");

    await field("Vorname").fill("Ida");
    await field("Handynummer").fill(phone);
    await page.getByLabel("Ich habe den Datenschutzhinweis gelesen.").check();
    await screenshot(page, "12-register");
    await page.getByRole("button", { name: "Code anfordern" }).click();
    await page.getByRole("heading", { name: "Code eingeben" }).waitFor();

    code = await waitForSms(server.url, canonical, /(\d{6})/);
    await field("Code aus der SMS").fill(code);
    await screenshot(page, "13-register-code");
    await page.getByRole("button", { name: "Bestätigen" }).click();
  });

  it("is signed in by the code and lands in the game, told that the code is the password", async () => {
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");
    await page.getByText(/Bis du im Menü ein eigenes Passwort wählst/).waitFor();
    expect(await storedConfig()).toContain("authToken");
    expect(await keptCode()).toEqual([]);
    await screenshot(page, "13b-registered-signed-in");
    await logOut();
  });

  it("shows a wrong password under the form", async () => {
    await field("Handynummer").fill(phone);
    await field("Passwort").fill("falsch1");
    await submitLogin();
    const error = page.locator("form").getByRole("alert");
    await error.waitFor();
    expect(await error.innerText()).toBe(
      "Anmeldung fehlgeschlagen. Prüfe Handynummer und Passwort.",
    );
    await screenshot(page, "15-login-failed");
  });

  it("signs in with the SMS code, the first password, and asks again for one of the player's own", async () => {
    await signIn(code);
    expect(await storedConfig()).toContain("authToken");
    await page.waitForURL(/\/webapp\/password$/);
    await page.getByRole("heading", { name: "Wähle dein Passwort" }).waitFor();
    await page.getByText("Bisher ist der Code aus der SMS dein Passwort.").waitFor();
    expect(await field("Bisheriges Passwort").count()).toBe(0);
    expect(await keptCode()).toEqual([]);
    await screenshot(page, "14-password-choose");
  });

  it("refuses a common password, and saves one of the player's own", async () => {
    await field("Neues Passwort").fill("passwort");
    await field("Neues Passwort wiederholen").fill("passwort");
    await savePassword();
    await flash("Dieses Passwort ist zu verbreitet und leicht zu erraten.").waitFor();
    await settle(page);
    await screenshot(page, "14b-password-common");

    await field("Neues Passwort").fill("wegmarke-1");
    await field("Neues Passwort wiederholen").fill("wegmarke-1");
    await savePassword();
    await page.waitForURL((url) => !url.pathname.startsWith("/webapp/password"));
    await flash("Dein Passwort ist geändert.").getByRole("button", { name: "Schließen" }).click();
  });

  it("logs out: token, last event id, config and cache are gone", async () => {
    await logOut();
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((key) => key.startsWith("wegmarke."))).toEqual([]);
  });

  it("signs in with the chosen password, no longer with the code", async () => {
    await field("Handynummer").fill(phone);
    await field("Passwort").fill(code);
    await submitLogin();
    await page.locator("form").getByRole("alert").waitFor();

    await signIn("wegmarke-1");
    // A password of the player's own: on to the game, not to the password screen.
    expect(new URL(page.url()).pathname).not.toBe("/webapp/password");
  });

  it("changes the password on /webapp/password with the current one", async () => {
    await openMenuItem("Passwort ändern");
    await page.waitForURL(/\/webapp\/password$/);
    await page.getByRole("heading", { name: "Passwort ändern" }).waitFor();
    await screenshot(page, "16a-password-change");
    await field("Neues Passwort").fill("kurz");
    await field("Neues Passwort wiederholen").fill("anders");
    await savePassword();
    await page.getByText("Bitte gib mindestens 6 Zeichen ein.").waitFor();
    await page.getByText("Feld muss ausgefüllt werden").waitFor();
    await screenshot(page, "16-password");

    await field("Bisheriges Passwort").fill("falsch-1");
    await field("Neues Passwort").fill("wegmarke-2");
    await field("Neues Passwort wiederholen").fill("wegmarke-2");
    await savePassword();
    await flash("Dein bisheriges Passwort stimmt nicht.").waitFor();

    await field("Bisheriges Passwort").fill("wegmarke-1");
    await savePassword();
    await flash("Dein Passwort ist geändert.").waitFor();
    expect(await field("Bisheriges Passwort").inputValue()).toBe("");
  });

  it("signs in with the changed password", async () => {
    await logOut();
    await signIn("wegmarke-2");
    await logOut();
  });

  it("resets a forgotten password with the link from the SMS", async () => {
    const before = await smsCount(server.url, canonical);
    await field("Handynummer").fill(phone);
    await page.getByRole("button", { name: "Passwort vergessen?" }).click();
    await page.getByRole("alert").filter({ hasText: "SMS mit einem Link" }).waitFor();
    const link = await waitForSms(server.url, canonical, /(https?:\/\/\S+)/, before);
    expect(link.startsWith(`${server.url}/webapp/password?token=`)).toBe(true);

    await page.goto(link);
    await page.getByRole("heading", { name: "Neues Passwort festlegen" }).waitFor();
    // The link proves the account: no current password.
    expect(await field("Bisheriges Passwort").count()).toBe(0);
    await field("Neues Passwort").fill("zurueckgesetzt-2");
    await field("Neues Passwort wiederholen").fill("zurueckgesetzt-2");
    await screenshot(page, "17-password-reset");
    await page.getByRole("button", { name: "Passwort speichern" }).click();
    await page.waitForURL(/\/webapp\/login/);
    await page.getByRole("status").filter({ hasText: "Passwort ist geändert" }).waitFor();
    await signIn("zurueckgesetzt-2");
  });

  it("shows the session token on /webapp/debug", async () => {
    await page.goto("/webapp/debug");
    const token = await page.evaluate(
      () => JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}").authToken as string,
    );
    await page.getByText(token, { exact: true }).waitFor();
    await field("Auth-Token").waitFor();
    await screenshot(page, "18-debug");
  });

  it("deletes the account on /webapp/end after confirming", async () => {
    await page.goto("/webapp/");
    await openMenuItem("Konto löschen");
    await page.waitForURL(/\/webapp\/end$/);
    await screenshot(page, "19-end");
    await page.getByRole("button", { name: "Konto löschen" }).click();
    const dialog = page.getByRole("dialog", { name: "Konto löschen?" });
    await dialog.waitFor();
    await screenshot(page, "20-end-confirm");
    await dialog.getByRole("button", { name: "Ja, löschen" }).click();

    await page.waitForURL(/\/webapp\/login\?target=%2Fwebapp%2F%3Faccount-deleted%3D1$/);
    await page
      .getByRole("status")
      .filter({ hasText: "Dein Konto und deine Daten wurden gelöscht." })
      .waitFor();
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
    await screenshot(page, "21-account-deleted");

    // The account is gone: its password no longer signs in.
    await field("Handynummer").fill(phone);
    await field("Passwort").fill("zurueckgesetzt-2");
    await submitLogin();
    await page.locator("form").getByRole("alert").waitFor();
  });
});
