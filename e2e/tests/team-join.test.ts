import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * A pack with `teams: optional`: Anna and Carla play on their own; Carla finishes the market
 * place (3 points), then is asked before joining Anna's team, by the invitation link and by the
 * form, with her own figures; "no" keeps her game. Anna's team page lists who is online.
 */
describe("joining a team asks first", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let anna: Page;
  let carla: Page;
  let code = "";

  beforeAll(async () => {
    pack = await demoPackWith({ teams: "optional" });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    anna = (await phonePage(browser, server.url)).page;
    carla = (await phonePage(browser, server.url)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const dialog = (page: Page) => page.getByRole("dialog", { name: "Diesem Team beitreten?" });

  it("lets a player without team into the game views, with the team page in the menu", async () => {
    await joinForFree(anna, "/webapp/station");
    await anna.getByRole("link", { name: /Der Marktplatz/ }).waitFor({ timeout: 15_000 });
    await anna.getByRole("button", { name: "Menü" }).click();
    await anna
      .getByRole("navigation", { name: "Hauptmenü" })
      .getByRole("link", { name: "Team" })
      .click();
    await anna.waitForURL(/\/webapp\/team$/);
    await anna.getByText("Spiel allein oder zusammen im Team").waitFor();
    await anna.getByRole("button", { name: "Einladung erstellen" }).click();
    code = (await anna.getByTestId("invite-code").innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
  });

  it("asks by the invitation link with the player's points and stations; no keeps the game", async () => {
    await joinForFree(carla, "/webapp/station/1");
    await startStation(carla);
    const input = carla.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
    await input.fill("Gockel");
    await carla.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(carla, "Lena").filter({ hasText: "Genau, der Gockel" }).waitFor({
      timeout: 15_000,
    });

    await carla.goto(`/webapp/team?tjr=${code}`);
    await dialog(carla).waitFor();
    const question = await dialog(carla).innerText();
    expect(question).toMatch(/Im Team: Wanderer \d{4}\./);
    expect(question).toContain(
      "Dein bisheriges Spiel wird gelöscht: 3 Punkte, 1 abgeschlossene Station und alle Nachrichten.",
    );
    await settle(carla);
    await screenshot(carla, "team-join-question-link");
    await dialog(carla).getByRole("button", { name: "Abbrechen" }).click();
    await carla.waitForURL(/\/webapp\/team$/);

    await carla.goto("/webapp/points");
    await carla.getByText("3 Punkte").first().waitFor();
  });

  it("asks by the form too, and joins on yes", async () => {
    await carla.goto("/webapp/team");
    await carla.getByLabel("Einladungscode").fill(code.toLowerCase());
    await carla.getByRole("button", { name: "Beitreten" }).click();
    await dialog(carla).waitFor();
    expect(await dialog(carla).innerText()).toContain("3 Punkte, 1 abgeschlossene Station");
    await dialog(carla).getByRole("button", { name: "Abbrechen" }).click();
    await dialog(carla).waitFor({ state: "detached" });
    expect(new URL(carla.url()).pathname).toBe("/webapp/team");

    await carla.getByRole("button", { name: "Beitreten" }).click();
    await dialog(carla).getByRole("button", { name: "Ja, beitreten" }).click();
    await carla.getByRole("alert").filter({ hasText: "Du bist jetzt im Team." }).waitFor();
    await carla.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");
  });

  it("lists the team's members with who is online", async () => {
    await anna.goto("/webapp/team");
    const members = anna.getByTestId("team-members");
    await members.waitFor({ timeout: 15_000 });
    const rows = members.getByRole("listitem");
    // Both have a stream open; the list asks again every 30 s, a reload at once.
    let texts: string[] = [];
    for (let i = 0; i < 10; i++) {
      texts = (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
      if (texts.length === 2 && texts.every((text) => text.endsWith("gerade online"))) break;
      await anna.waitForTimeout(1000);
      if (i === 4) await anna.reload();
    }
    expect(texts).toEqual([
      expect.stringMatching(/^Wanderer \d{4} \(du\) gerade online$/),
      expect.stringMatching(/^Wanderer \d{4} gerade online$/),
    ]);
    await settle(anna);
    await screenshot(anna, "team-members");
  });
});
