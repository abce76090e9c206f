import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { germanLabels, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

const englishLabels = {
  participate: "Participate for free",
  start: "Start station",
  confirmStart: "Yes, start",
};

/**
 * A short walk in German formal and one in English, each language chosen with the picker on
 * the login screen: the app's texts and the characters speak it, and what the pack has not
 * translated (a script, a long description) comes in German.
 */
describe("languages", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let formal: Page;
  let english: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    formal = (await phonePage(browser, server.url)).page;
    english = (await phonePage(browser, server.url)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const picker = (page: Page, name: string) =>
    page.getByRole("group", { name }).getByRole("button");
  const pressed = (page: Page, name: string) =>
    picker(page, name).evaluateAll((buttons) =>
      buttons.filter((b) => b.getAttribute("aria-pressed") === "true").map((b) => b.textContent),
    );
  const documentLanguage = (page: Page) => page.evaluate(() => document.documentElement.lang);
  const longDescription = (page: Page) => page.locator(".station__long-desc");

  describe("German formal", () => {
    it("switches the login screen to Sie and signs up in it", async () => {
      await formal.goto("/webapp/station/1");
      await formal.waitForURL(/\/webapp\/login\?target=/);
      // The picker shows once the game's texts are in, with the introduction.
      await formal.getByText(/^Geh durch die Stadt/).waitFor();
      expect(await pressed(formal, "Sprache")).toEqual(["Deutsch (du)"]);

      await picker(formal, "Sprache").filter({ hasText: "Deutsch (Sie)" }).click();
      await formal.getByText(/^Gehen Sie durch die Stadt/).waitFor();
      expect(await pressed(formal, "Sprache")).toEqual(["Deutsch (Sie)"]);
      expect(await documentLanguage(formal)).toBe("de");
      await screenshot(formal, "lang-01-login-formal");

      await formal.getByRole("button", { name: germanLabels.participate }).click();
      await formal.waitForURL(/\/webapp\/station\/1$/);
    });

    it("shows the station in Sie; its untranslated long description in German", async () => {
      await formal.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
      await formal.getByRole("button", { name: "Mehr lesen" }).click();
      expect(await longDescription(formal).innerText()).toMatch(/^Der Marktplatz ist das Herz/);
      await formal.getByRole("button", { name: germanLabels.start }).click();
      await formal
        .getByRole("dialog")
        .getByText("Möchten Sie „Der Marktplatz“ jetzt starten?")
        .waitFor();
      await formal.getByRole("dialog").getByRole("button", { name: "Ja, starten" }).click();
    });

    it("plays Lena's formal script", async () => {
      const lena = messagesFrom(formal, "Lena");
      await lena.filter({ hasText: "Guten Tag! Schön, dass Sie da sind." }).waitFor({
        timeout: 15_000,
      });
      await lena.filter({ hasText: "Sie stehen auf dem Marktplatz" }).waitFor({ timeout: 15_000 });
      const input = formal.getByLabel("Ihre Antwort");
      expect(await input.getAttribute("placeholder")).toBe("Ihre Antwort …");
      expect(await lena.allInnerTexts()).not.toEqual(
        expect.arrayContaining([expect.stringMatching(/dass du da bist|Du stehst/)]),
      );
      await settle(formal);
      await screenshot(formal, "lang-02-formal-station");
    });

    it("plays the switched-to station in the formal script too", async () => {
      await formal.goto("/webapp/station/2");
      await formal.getByRole("button", { name: germanLabels.start }).click();
      const dialog = formal.getByRole("dialog");
      await dialog.getByText(/^Sie spielen gerade „Der Marktplatz“/).waitFor();
      await dialog.getByRole("button", { name: germanLabels.confirmStart }).click();
      const philipp = messagesFrom(formal, "Landgraf Philipp");
      await philipp.filter({ hasText: "Was möchten Sie zuerst sehen?" }).waitFor({
        timeout: 15_000,
      });
      await formal.getByRole("button", { name: "Die Aussicht" }).waitFor({ timeout: 10_000 });
      await settle(formal);
      await screenshot(formal, "lang-03-formal-second-station");
    });
  });

  describe("English", () => {
    it("switches the login screen to English and signs up in it", async () => {
      await english.goto("/webapp/station/2");
      await english.waitForURL(/\/webapp\/login\?target=/);
      await picker(english, "Sprache").filter({ hasText: "English" }).click();
      await english.getByRole("heading", { name: "Welcome!" }).waitFor();
      expect(await pressed(english, "Language")).toEqual(["English"]);
      expect(await documentLanguage(english)).toBe("en");
      await english.getByRole("button", { name: englishLabels.participate }).click();
      await english.waitForURL(/\/webapp\/station\/2$/);
    });

    it("shows the station in English, its long description too", async () => {
      await english.getByRole("heading", { name: "The Landgrave's Castle" }).waitFor();
      await english.getByText("High above the town, the landgrave is waiting.").waitFor();
      await english.getByRole("button", { name: "Read more" }).click();
      expect(await longDescription(english).innerText()).toMatch(
        /^The Landgrave's Castle towers over the town on the Schlossberg/,
      );
      expect(
        await english
          .getByRole("navigation", { name: "Sections" })
          .getByRole("link")
          .allInnerTexts(),
      ).toEqual(expect.arrayContaining(["News", "Stations", "Stories"]));
    });

    it("plays the landgrave's English script", async () => {
      await startStation(english, englishLabels);
      // The character's name in English too (station.yaml: character: { de: …, en: … }).
      const philipp = messagesFrom(english, "Landgrave Philipp");
      await philipp.filter({ hasText: "Who dares to climb my castle hill?" }).waitFor({
        timeout: 15_000,
      });
      await english.getByRole("button", { name: "The view" }).click({ timeout: 15_000 });
      await philipp.filter({ hasText: "Thank you for your visit" }).waitFor({ timeout: 15_000 });
      await english.locator(".station__intro").getByText("Done", { exact: true }).waitFor();
      await english.getByText("1 of 2 points").waitFor();
      await settle(english);
      await screenshot(english, "lang-04-english-station");
    });

    it("switches the whole app to German in the menu, and back", async () => {
      await english.getByRole("button", { name: "Menu" }).click();
      await english.getByRole("navigation", { name: "Main navigation" }).waitFor();
      await picker(english, "Language").filter({ hasText: "Deutsch (du)" }).click();
      await english
        .getByRole("navigation", { name: "Hauptmenü" })
        .getByRole("link", { name: "Stationen" })
        .waitFor();
      expect(await pressed(english, "Sprache")).toEqual(["Deutsch (du)"]);
      await english.keyboard.press("Escape");
      await english.getByRole("heading", { name: "Das Landgrafenschloss" }).waitFor();
      await english.locator(".station__intro").getByText("Erledigt", { exact: true }).waitFor();
      expect(await documentLanguage(english)).toBe("de");
      await screenshot(english, "lang-05-switched-to-german");

      await english.getByRole("button", { name: "Menü" }).click();
      await picker(english, "Sprache").filter({ hasText: "English" }).click();
      await english.keyboard.press("Escape");
      await english.getByRole("heading", { name: "The Landgrave's Castle" }).waitFor();
      // The choice is kept for the next visit.
      await english.reload();
      await english.getByRole("heading", { name: "The Landgrave's Castle" }).waitFor();
    });

    /** Lena's first line at a station started after the menu was switched to German. */
    let greeting = "";

    it("starts another station after switching the menu to German (du)", async () => {
      await english.getByRole("button", { name: "Menu" }).click();
      await picker(english, "Language").filter({ hasText: "Deutsch (du)" }).click();
      await english.keyboard.press("Escape");
      await english.goto("/webapp/station/1");
      await english.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
      await startStation(english);
      const first = messagesFrom(english, "Lena").first();
      await first.waitFor({ timeout: 15_000 });
      greeting = await first.locator(".bubble__text").innerText();
      await screenshot(english, "lang-06-menu-german-station");
    });

    // The app sends its language with each activation: the next station speaks it.
    it("lets the character speak the language chosen in the menu", () => {
      expect(greeting).toBe(
        "Hallo! Schön, dass du da bist. Ich bin Lena und zeige dir heute die Oberstadt.",
      );
    });
  });
});
