import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * Every screen of the demo game at a phone's viewport (390 x 844), with a station of every
 * view and both styles played: a letter (email, plain), Wilhelm's game (main, game-station),
 * an archive sheet (plain), the frog at the bridge (custom, plain, a typed answer) and the
 * story hour (story view, game-station, audio). Each screen is saved to e2e/artifacts.
 */
describe("every screen of the demo game", () => {
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

  const title = () => page.getByRole("heading", { level: 1 });
  const footer = () => page.getByRole("navigation", { name: "Bereiche" });
  const messages = (originator: string) =>
    page.locator(`[data-testid="message"][data-originator="${originator}"]`);
  const done = () => page.locator(".station__intro").getByText("Erledigt", { exact: true });

  /** Lets entry animations and transitions (at most 0.3 s here) finish before a screenshot. */
  const settle = () => page.waitForTimeout(400);

  async function expectTitle(text: string) {
    await expect.poll(() => title().textContent()).toBe(text);
  }

  async function openMenu(): Promise<Locator> {
    await page.getByRole("button", { name: /^(Menü|Menu)$/ }).click();
    return page.getByRole("navigation", { name: /^(Hauptmenü|Main navigation)$/ });
  }

  /** Starts a station from its detail view, confirming the question. */
  async function start() {
    await startStation(page);
  }

  it("signs up for free and shows home with the intro offered", async () => {
    await page.goto("/webapp/");
    await page.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await page.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");
    await expectTitle("Neuigkeiten");
    await page.getByRole("link", { name: "So geht's" }).waitFor();
    // The player stands on the market square: the nearest station is on home.
    await page.getByRole("region", { name: "Eine Station in deiner Nähe" }).waitFor();
    expect(await page.title()).toBe("Neuigkeiten · Märchenhaftes Marburg");
    await screenshot(page, "screen-01-home");
  });

  it("opens the menu; arrows move through it, Escape closes it", async () => {
    const menu = await openMenu();
    const names = await menu.getByRole("link").allInnerTexts();
    expect(names.slice(0, 6)).toEqual([
      "Neuigkeiten",
      "Stationen",
      "Karte",
      "Geschichten",
      "Hilfe",
      "Datenschutz",
    ]);
    await screenshot(page, "screen-02-menu");
    await page.keyboard.press("ArrowDown");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Stationen");
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
  });

  it("walks through the intro's four steps to the stories", async () => {
    await page.getByRole("link", { name: "So geht's" }).click();
    await expectTitle("Willkommen");
    await page.getByText("Schritt 1 von 4").waitFor();
    await page.getByRole("heading", { name: "Willkommen in Marburg" }).waitFor();
    await page.locator(".intro__image").evaluate((image: HTMLImageElement) => image.decode());
    await settle();
    await screenshot(page, "screen-03-intro-1");
    for (const step of [2, 3, 4]) {
      await page.getByRole("button", { name: "Weiter" }).click();
      await page.getByText(`Schritt ${step} von 4`).waitFor();
    }
    await page.getByRole("link", { name: "Zu den Geschichten" }).waitFor();
    await settle();
    await screenshot(page, "screen-04-intro-4");
  });

  it("shows help as an accordion with a way back to the intro", async () => {
    await (await openMenu()).getByRole("link", { name: "Hilfe" }).click();
    await expectTitle("Tipps und Hilfe");
    await page.getByText("Wie bekomme ich Punkte?").click();
    await page.getByText(/Jede Station vergibt bis zu drei Punkte/).waitFor();
    await page.getByRole("link", { name: "Einführung noch einmal ansehen" }).waitFor();
    await settle();
    await screenshot(page, "screen-05-help");
  });

  it("shows the privacy notice with the provider's address and the retention rules", async () => {
    await (await openMenu()).getByRole("link", { name: "Datenschutz" }).click();
    await expectTitle("Datenschutz");
    await page.getByText("Wegmarke Demo GmbH").first().waitFor();
    await page.getByText("35037 Marburg").waitFor();
    await page.getByText(/14 Tage nach der Registrierung automatisch gelöscht/).waitFor();
    await screenshot(page, "screen-06-privacy");
  });

  it("lists the stations by distance, without the secret one", async () => {
    await footer().getByRole("link", { name: "Stationen" }).click();
    await expectTitle("Stationen");
    await page.getByRole("link", { name: "Der Marktplatz" }).waitFor();
    expect(await page.getByRole("link", { name: "Die Kilianskapelle" }).count()).toBe(0);
    await screenshot(page, "screen-07-stations");
  });

  it("plays a letter (email view, plain): it starts by being opened", async () => {
    await page.goto("/webapp/email");
    await expectTitle("Nachrichten");
    const letter = page.getByRole("link", { name: "Hilfe! Unsere Märchen sind verweht" });
    await letter.waitFor();
    await screenshot(page, "screen-08-email-list");
    await letter.click();
    await page.waitForURL(/\/webapp\/email\/4$/);
    // Plain style: the whole letter is there at once, with the seal.
    await messages("Jacob Grimm").filter({ hasText: "Hilfst du uns" }).waitFor();
    await page.getByRole("button", { name: "Na klar!" }).click();
    await messages("Jacob Grimm").filter({ hasText: "Herzliche Grüße" }).waitFor();
    await done().waitFor();
    await screenshot(page, "screen-09-email-letter");
  });

  it("rings the bell for the letter's recommendation and shows it on home", async () => {
    await page.getByTestId("bell-marker").waitFor();
    await page.getByRole("link", { name: /Neue Neuigkeiten/ }).click();
    const news = page.getByRole("region", { name: "Neuigkeiten" });
    await news.getByText(/bei meinem Bruder Wilhelm/).waitFor();
    // Jacob's tip names Wilhelm's station (#recommend: alte-universitaet): the news leads there.
    await news.getByRole("link", { name: "Zu „Die Alte Universität“" }).waitFor();
    await page.getByTestId("bell-marker").waitFor({ state: "detached" });
    await page.getByRole("region", { name: "Du hast neue Punkte gesammelt!" }).waitFor();
    await page.getByRole("region", { name: "Eine neue Geschichte ist freigeschaltet" }).waitFor();
    await screenshot(page, "screen-10-home-news");
  });

  it("plays Wilhelm's game (main view, game-station style)", async () => {
    await footer().getByRole("button", { name: "Mehr" }).click();
    await screenshot(page, "screen-11-more");
    await page
      .getByRole("list", { name: "Weitere Bereiche" })
      .getByRole("link", { name: "Bei Wilhelm Grimm 1 offen" })
      .click();
    await expectTitle("Spiel");
    await page.getByRole("link", { name: "Die Alte Universität" }).waitFor();
    await screenshot(page, "screen-11b-main-list");
    await page.getByRole("link", { name: "Die Alte Universität" }).click();
    await start();
    await page.getByRole("status").filter({ hasText: "Wilhelm Grimm schreibt" }).waitFor();
    await settle();
    await screenshot(page, "screen-12-main-typing");
    await page.getByRole("button", { name: "Alte Geschichten" }).click({ timeout: 30_000 });
    await messages("Wilhelm Grimm").filter({ hasText: "Alte Lieder" }).waitFor({ timeout: 20_000 });
    await done().waitFor({ timeout: 20_000 });
    await screenshot(page, "screen-13-main-done");
  });

  it("leads to the secret chapel by Wilhelm's tip, in the chat and on home", async () => {
    // The tip comes with the frog's letter, 30 s after the end of the game (#delay: 30s).
    const tip = messages("Wilhelm Grimm").filter({ hasText: "Geheimtipp" });
    await tip.getByRole("link", { name: "Zu „Die Kilianskapelle“" }).waitFor({ timeout: 45_000 });
    await footer().getByRole("link", { name: "Neuigkeiten" }).click();
    const news = page.getByRole("region", { name: "Neuigkeiten" });
    await news.getByText(/Geheimtipp/).waitFor();
    await settle();
    await screenshot(page, "screen-13c-secret-tip");
    await news.getByRole("link", { name: "Zu „Die Kilianskapelle“" }).click();
    await page.waitForURL(/\/webapp\/station\/6$/);
    await page.getByRole("heading", { name: "Die Kilianskapelle" }).waitFor();
  });

  it("plays an archive sheet (plain style) with its start button", async () => {
    await page.goto("/webapp/archive");
    await expectTitle("Archiv");
    await page.getByRole("link", { name: "Archivblatt 7 – Der Hexenturm" }).waitFor();
    await screenshot(page, "screen-13b-archive-list");
    await page.getByRole("link", { name: "Archivblatt 7 – Der Hexenturm" }).click();
    await start();
    await page.getByRole("button", { name: "Rapunzel" }).click();
    await messages("Die Archivarin").filter({ hasText: "wieder im Archiv" }).waitFor();
    await done().waitFor();
    await screenshot(page, "screen-14-archive");
  });

  it("plays the frog's riddle (custom view, plain style, typed answer)", async () => {
    await page.goto("/webapp/custom");
    await expectTitle("Einträge");
    await screenshot(page, "screen-15-custom-list");
    await page.getByRole("link", { name: "Die Weidenhäuser Brücke" }).click();
    const input = page.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill("Kugel");
    await page.getByRole("button", { name: "Senden" }).click();
    await messages("Der Froschkönig").filter({ hasText: "goldene Kugel" }).waitFor();
    await done().waitFor();
    await screenshot(page, "screen-16-custom");
  });

  it("plays the story hour (story view, game-station style) with its audio", async () => {
    await page.goto("/webapp/story");
    await expectTitle("Erzählstationen");
    await page.getByRole("link", { name: "Märchenstunde an der Pfarrkirche" }).waitFor();
    await screenshot(page, "screen-16b-story-list");
    await page.getByRole("link", { name: "Märchenstunde an der Pfarrkirche" }).click();
    const player = page.getByRole("group", { name: "Audio: Die Märchenerzählerin" });
    await player.waitFor({ timeout: 20_000 });
    const seek = player.getByRole("slider", { name: "Wiedergabeposition" });
    await expect.poll(() => seek.isEnabled(), { timeout: 15_000 }).toBe(true);
    // Past the message's seen ratio (0.8): the progress is reported once.
    const reported = page.waitForRequest((request) =>
      request.url().endsWith("/api/game/player/medium/progress"),
    );
    await player.getByRole("button", { name: "Abspielen" }).click();
    await player.locator("audio").evaluate((audio: HTMLAudioElement) => {
      audio.currentTime = audio.duration * 0.85;
    });
    const body: unknown = (await reported).postDataJSON();
    expect(body).toMatchObject({ StationID: 9, ContentRef: "stations/9/geisslein.mp3" });
    await settle();
    await screenshot(page, "screen-17a-story-audio");
    await player.getByRole("button", { name: "Stopp" }).click();
    await page.getByRole("button", { name: "Im Uhrenkasten" }).click({ timeout: 20_000 });
    await messages("Die Märchenerzählerin").filter({ hasText: "Komm bald wieder" }).waitFor({
      timeout: 20_000,
    });
    await done().waitFor();
    await settle();
    await screenshot(page, "screen-17-story-station");
  });

  it("shows the points with crest and stars", async () => {
    await page.goto("/webapp/points");
    await expectTitle("Punkte");
    await page.getByRole("img", { name: "Dein Wappen" }).waitFor();
    await page.getByRole("heading", { name: "Geschaffte Stationen" }).waitFor();
    await page
      .getByRole("img", { name: /von \d Punkten/ })
      .first()
      .waitFor();
    await page
      .getByRole("img", { name: "Dein Wappen" })
      .evaluate((image: HTMLImageElement) => image.decode());
    await screenshot(page, "screen-18-points");
  });

  it("flips an unseen story's card, then opens the story with its audio", async () => {
    await footer()
      .getByRole("link", { name: /Geschichten/ })
      .click();
    await expectTitle("Geschichten");
    const card = page.getByRole("link", { name: "Zwei Studenten in Marburg" });
    await card.waitFor();
    await screenshot(page, "screen-19-stories");
    await card.click();
    await page.locator(".story-card--flipping").waitFor();
    await page.waitForURL(/\/webapp\/stories\/1$/);
    await page.getByRole("heading", { name: "Zwei Studenten in Marburg" }).waitFor();
    await page.getByRole("group", { name: "Zwei Studenten in Marburg" }).waitFor();
    await screenshot(page, "screen-20-story");
    // Opening it finished it: the crest shows the first row now.
    await page.goto("/webapp/points");
    await page.getByText(/Märchenlehrling/).waitFor();
  });

  it("ranks the players on the scoreboard, the player's own row marked", async () => {
    // A second player reads the letter and takes a point.
    if (browser === undefined) throw new Error("no browser");
    const other = await phonePage(browser, server.url);
    await other.page.goto("/webapp/email/4");
    await other.page.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await other.page.getByRole("button", { name: "Worum geht es genau?" }).click();
    await other.page.getByText("Erledigt", { exact: true }).first().waitFor();
    await other.context.close();

    await page.goto("/webapp/scoreboard");
    await expectTitle("Rangliste");
    await page.getByRole("heading", { name: "Du bist auf Platz 1" }).waitFor();
    const rows = page.getByRole("list", { name: "Rangliste" }).getByRole("listitem");
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute("aria-current")).toBe("true");
    expect(await rows.nth(1).innerText()).toContain("1 Punkt");
    await screenshot(page, "screen-21-scoreboard");
  });

  it("says when a station or page does not exist", async () => {
    await page.goto("/webapp/station/99");
    await page.getByText("Station ist nicht verfügbar.").waitFor();
    await page.goto("/webapp/email/99");
    await page.getByText("Nachricht nicht verfügbar.").waitFor();
    await page.goto("/webapp/nirgendwo");
    await page.getByRole("heading", { name: "Diese Seite gibt es nicht." }).waitFor();
    await screenshot(page, "screen-22-not-found");
  });

  it("speaks English and formal German", async () => {
    await page.goto("/webapp/points");
    const menu = await openMenu();
    await menu.getByRole("button", { name: "English" }).click();
    await page.keyboard.press("Escape");
    await expectTitle("Points");
    await page
      .getByText("Your crest")
      .or(page.getByRole("img", { name: "Your crest" }))
      .first()
      .waitFor();
    await screenshot(page, "screen-23-points-en");
    await page.goto("/webapp/stories/1");
    await page.getByRole("heading", { name: "Two students in Marburg" }).waitFor();
    await screenshot(page, "screen-24-story-en");
    await (await openMenu()).getByRole("button", { name: "Deutsch (Sie)" }).click();
    await page.keyboard.press("Escape");
    await page.goto("/webapp/");
    await expectTitle("Neuigkeiten");
    await page.getByRole("link", { name: "Zur Stationsliste" }).waitFor();
    await screenshot(page, "screen-25-home-formal");
  });
});
