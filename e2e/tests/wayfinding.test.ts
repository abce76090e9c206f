import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

const OPERATOR_TOKEN = "wayfinding-e2e-operator-token-".padEnd(40, "t");

/**
 * Finding the whole game: "More" and the station list name the other views by what they hold
 * (the demo's own names) with their open stations, a station that opens by its code or at its
 * place says so in its empty chat, and the operators' news read like chat texts.
 */
describe("finding the rest of the game", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer({ OPERATOR_TOKEN });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await joinForFree(page, "/webapp/station");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const title = () => page.getByRole("heading", { level: 1 });
  const footer = () => page.getByRole("navigation", { name: "Bereiche" });
  const views = [
    "Bei Wilhelm Grimm 1 offen",
    "Märchenstunde 1 offen",
    "Märchenarchiv 1 offen",
    "An der Lahn 1 offen",
    "Briefe 1 offen",
  ];

  it("names the other views in More by what they hold, with their open stations", async () => {
    await footer().getByRole("button", { name: "Mehr" }).click();
    const more = page.getByRole("list", { name: "Weitere Bereiche" });
    await more.waitFor();
    expect(await more.getByRole("link").allInnerTexts()).toEqual(
      [...views, "Punkte", "Rangliste", "Spielleitung"].map((name) =>
        name.replace(" 1 offen", "\n1 offen"),
      ),
    );
    await settle(page);
    await screenshot(page, "wayfinding-01-more");
    await page.keyboard.press("Escape");
  });

  it("names them below the station list too, and each list says what it holds", async () => {
    const also = page.getByRole("region", { name: "Außerdem im Spiel" });
    await also.waitFor();
    for (const name of views) await also.getByRole("link", { name }).waitFor();
    await also.scrollIntoViewIfNeeded();
    await settle(page);
    await screenshot(page, "wayfinding-02-station-list");

    await also.getByRole("link", { name: "Briefe 1 offen" }).click();
    await page.waitForURL(/\/webapp\/email$/);
    // The header keeps the route's title; the list names the view and says what it holds.
    await page.getByRole("heading", { level: 2, name: "Briefe", exact: true }).waitFor();
    await expect.poll(() => title().textContent()).toBe("Nachrichten");
    await page.getByText("Post von den Brüdern Grimm – mit Jacobs Brief fängt alles an.").waitFor();
    await page.getByRole("link", { name: "Hilfe! Unsere Märchen sind verweht" }).waitFor();
    await settle(page);
    await screenshot(page, "wayfinding-03-letters");

    // The story view is not titled like the footer's stories.
    await page.goto("/webapp/story");
    await page.getByRole("heading", { level: 2, name: "Märchenstunde", exact: true }).waitFor();
    await expect.poll(() => title().textContent()).toBe("Erzählstationen");
    await expect.poll(() => page.title()).toBe("Erzählstationen · Märchenhaftes Marburg");
  });

  it("says how a station starts that opens by its code or at its place", async () => {
    await page.goto("/webapp/station/14");
    await page.getByRole("heading", { name: "Der Lutherische Kirchhof" }).waitFor();
    await page
      .getByRole("log")
      .getByText(
        "Scanne den Code auf dem Schild an der Station, dann kommt hier die erste Nachricht an.",
      )
      .waitFor();
    expect(await page.getByRole("button", { name: "Station starten" }).count()).toBe(0);
    expect(await page.getByText("Starte die Station", { exact: false }).count()).toBe(0);
    await settle(page);
    await screenshot(page, "wayfinding-04-qr-station");

    await page.goto("/webapp/station/15");
    await page
      .getByRole("log")
      .getByText("Geh zur Station und starte sie dort, dann kommt hier die erste Nachricht an.")
      .waitFor();
  });

  it("shows the operators' news like a chat text: bold, and the address as a link", async () => {
    const sent = await fetch(`${server.url}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({
        text: {
          de: "**Heute Abend** ist das Finale am Markt.\nAlles dazu: https://example.org/finale.",
          en: "**Tonight** the finale on the market square.\nMore: https://example.org/finale.",
        },
      }),
    });
    expect(sent.status).toBe(200);
    await footer()
      .getByRole("link", { name: /Neuigkeiten/ })
      .click();
    const news = page.getByRole("region", { name: "Neuigkeiten" });
    const item = news.locator(".news-item--game");
    await item.waitFor();
    expect(await item.locator("strong").innerText()).toBe("Heute Abend");
    const link = item.getByRole("link", { name: "https://example.org/finale" });
    expect(await link.getAttribute("href")).toBe("https://example.org/finale");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await item.innerText()).not.toContain("**");
    await settle(page);
    await screenshot(page, "wayfinding-05-operator-news");
  });
});

/**
 * A game whose station list holds the market square only and whose letter waits in the email
 * view: once the square is done the list says where the game goes on, and "all done" only
 * after the letter.
 */
describe("the end of the station list", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    // Every station but the market square (1) and Jacob's letter (4) is hidden.
    const stations = join(pack.dir, "stations");
    for (const folder of await readdir(stations)) {
      if (folder.startsWith("1-") || folder.startsWith("4-")) continue;
      const file = join(stations, folder, "station.yaml");
      const yaml = await readFile(file, "utf8");
      await writeFile(file, yaml.replace(/^visible: .*$/m, "visible: false"));
    }
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const emptyList = () => page.getByTestId("empty-list");

  it("says where the game goes on once the stations of the list are done", async () => {
    await joinForFree(page, "/webapp/station/1");
    await startStation(page);
    const answer = page.getByLabel("Deine Antwort");
    await expect.poll(() => answer.isEnabled(), { timeout: 20_000 }).toBe(true);
    await answer.fill("Gockel");
    await page.getByRole("button", { name: "Senden" }).click();
    await page
      .locator(".station__intro")
      .getByText("Erledigt", { exact: true })
      .waitFor({ timeout: 20_000 });

    await page.goto("/webapp/station");
    await emptyList().waitFor();
    expect(await emptyList().innerText()).toBe("Alle Stationen dieser Liste sind erledigt.");
    await page.getByText("Weiter geht es hier:").waitFor();
    expect(await page.getByText(/alle Stationen des Spiels/).count()).toBe(0);
    await settle(page);
    await screenshot(page, "wayfinding-06-list-done-here");

    await page.getByRole("link", { name: "Briefe 1 offen" }).click();
    await page.waitForURL(/\/webapp\/email$/);
    await page.getByRole("link", { name: "Hilfe! Unsere Märchen sind verweht" }).click();
    await page.getByRole("button", { name: "Na klar!" }).click({ timeout: 20_000 });
    await messagesFrom(page, "Jacob Grimm").filter({ hasText: "Herzliche Grüße" }).waitFor();
  });

  it("says all done when every station of the game is", async () => {
    await page.goto("/webapp/station");
    await expect
      .poll(() => emptyList().innerText(), { timeout: 15_000 })
      .toBe("Stark – du hast alle Stationen des Spiels geschafft!");
    expect(await page.getByText("Weiter geht es hier:").count()).toBe(0);
    await settle(page);
    await screenshot(page, "wayfinding-07-all-done");
  });
});
