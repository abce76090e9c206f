import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { addOperator, signInNewOperator } from "../support/operators";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * An admin makes a second game in the console from the one-station template, changes it in its
 * studio and publishes it; a phone plays it at its own address while a player of the first
 * game plays on (decisions/054).
 */
describe("a new game made in the console", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;
  let visitor: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page: ops } = await phonePage(browser, server.url));
    ({ page: player } = await phonePage(browser, server.url));
    ({ page: visitor } = await phonePage(browser, server.url));
    await signInNewOperator(ops, "ada", addOperator(server, "ada"), "Museum-Ada-2026");
  });

  /** Saves `title` as the game's German title in the studio's form, back at its files after. */
  async function titleInDraft(title: string) {
    const game = ops.locator("details.draft-folder").filter({ hasText: "Einstellungen und Texte" });
    if (!(await game.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await game.locator("summary").click();
    }
    await game
      .getByRole("link", {
        name: "Titel, Sprachen und Einstellungen des Spiels im Formular bearbeiten",
      })
      .click();
    await ops.getByLabel("Titel (Deutsch)").fill(title);
    await ops.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await ops.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    await ops.getByRole("link", { name: "Alle Dateien" }).click();
  }

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("makes the game from a template, edits and publishes it in its studio", async () => {
    // A player of the first game, playing before the new game is made.
    await joinForFree(player, "/webapp/station/1");
    await startStation(player);
    await messagesFrom(player, "Lena").first().waitFor();

    await ops.getByRole("navigation").getByRole("link", { name: "Spiele", exact: true }).click();
    await ops.getByRole("heading", { name: "Neues Spiel" }).waitFor();
    await ops.getByLabel(/^Kurzname/).fill("museum");
    await ops.getByLabel("Titel", { exact: true }).fill("Im Museum");
    await ops.getByRole("radio", { name: "Einer Station, um das Spiel neu zu schreiben" }).check();
    await ops.getByRole("button", { name: "Spiel anlegen" }).click();
    const made = ops.getByRole("status").filter({ hasText: "Im Museum spielt unter" });
    await made.waitFor();
    await settle(ops);
    await screenshot(ops, "game-making-01-made");
    await made.getByRole("button", { name: "Sein Studio öffnen" }).click();
    await ops.waitForURL(/\/ops\/studio$/);
    expect(await ops.getByLabel("Spiel", { exact: true }).inputValue()).toBe("museum");
    // Each game numbers its versions from 1.
    await ops.getByRole("heading", { name: "Entwurf auf Version 1 · live: Version 1" }).waitFor();

    // The game's title in the studio's form, then publish.
    await titleInDraft("Im Museum am Markt");
    await ops.getByRole("button", { name: "Veröffentlichen" }).click();
    await ops.getByRole("button", { name: "Ja, veröffentlichen" }).click();
    await ops.getByRole("status").filter({ hasText: "Version 2 ist live." }).waitFor();

    // Its draft plays in its studio's preview, at the desk: its own station.
    const preview = ops.getByRole("region", { name: "Ausprobieren" });
    await preview.getByRole("button", { name: "Entwurf spielen" }).click();
    const phone = ops.frameLocator('iframe[title="Der Entwurf auf einem Handy"]');
    await phone.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await phone.getByText("Der Start", { exact: true }).first().click();
    await phone.getByRole("heading", { name: "Der Start" }).first().waitFor();
    await phone.getByRole("button", { name: "Station starten" }).click();
    await phone.getByRole("dialog").getByRole("button", { name: "Ja, starten" }).click();
    await phone
      .locator('[data-testid="message"][data-originator="Spielleitung"]')
      .filter({ hasText: "Willkommen! Hier beginnt das Spiel." })
      .waitFor();
    await settle(ops);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(ops, "game-making-01b-preview");
  });

  it("plays the new game at its own address, while the first game's player plays on", async () => {
    await joinForFree(visitor, "/g/museum/webapp/station/1");
    await visitor.getByRole("heading", { name: "Der Start" }).waitFor();
    await startStation(visitor);
    await messagesFrom(visitor, "Spielleitung").first().waitFor();
    await expect.poll(() => visitor.title()).toContain("Im Museum am Markt");
    await settle(visitor);
    await screenshot(visitor, "game-making-02-new-game-station");

    // The first game's player goes on with their station, in their game, under its title.
    await player.reload();
    await messagesFrom(player, "Lena").first().waitFor();
    expect(await messagesFrom(player, "Spielleitung").count()).toBe(0);
    await expect.poll(() => player.title()).toContain("Märchenhaftes Marburg");

    // Each game's scoreboard ranks its own players only: the visitor's point is in theirs.
    await visitor.getByRole("button", { name: "Ja" }).click();
    await messagesFrom(visitor, "Spielleitung").filter({ hasText: "Dann los!" }).waitFor();
    const ranked = async (page: Page, path: string) => {
      await page.goto(path);
      await page.getByRole("heading", { name: /^Du bist auf Platz \d+$/ }).waitFor();
      return page
        .getByRole("list", { name: "Rangliste" })
        .getByRole("listitem")
        .evaluateAll((items) => items.map((item) => item.getAttribute("aria-current") === "true"));
    };
    expect(await ranked(visitor, "/g/museum/webapp/scoreboard")).toEqual([true]);
    expect(await ranked(player, "/webapp/scoreboard")).not.toContain(false);
  });

  it("exports the game as a zip with its draft, and imports it as a game of its own", async () => {
    // An unpublished change in the studio: the game's zip carries it as its draft.
    await ops.getByRole("navigation").getByRole("link", { name: "Studio", exact: true }).click();
    await titleInDraft("Im Museum am Hafen");

    await ops.getByRole("navigation").getByRole("link", { name: "Spiele", exact: true }).click();
    const downloading = ops.waitForEvent("download");
    await ops.getByRole("link", { name: "Im Museum am Markt exportieren (ZIP)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("museum-game.zip");
    const zip = join(await mkdtemp(join(tmpdir(), "game-zip-")), download.suggestedFilename());
    await download.saveAs(zip);

    await ops.getByRole("radio", { name: "Der ZIP-Datei eines Spiels (Export)" }).check();
    await ops.getByLabel(/^ZIP-Datei des Spiels/).setInputFiles(zip);
    // The name of the game exported is offered: taken here, so the admin gives another.
    const name = ops.getByLabel(/^Kurzname/);
    expect(await name.inputValue()).toBe("museum");
    await name.fill("museum-zwei");
    await ops.getByRole("button", { name: "Spiel importieren" }).click();
    const imported = ops
      .getByRole("status")
      .filter({ hasText: "spielt unter /g/museum-zwei/webapp/" });
    await imported.getByText("Sein Entwurf enthält 1 unveröffentlichte Änderung.").waitFor();
    await settle(ops);
    await screenshot(ops, "game-making-03-imported");
    await imported.getByRole("button", { name: "Sein Studio öffnen" }).click();
    await ops.waitForURL(/\/ops\/studio$/);
    expect(await ops.getByLabel("Spiel", { exact: true }).inputValue()).toBe("museum-zwei");
    await ops.getByRole("heading", { name: "Entwurf auf Version 1 · live: Version 1" }).waitFor();
    await ops.getByText("game.yaml").first().waitFor();

    // Its players play the live version, as exported: the draft's title is not theirs yet.
    await joinForFree(visitor, "/g/museum-zwei/webapp/station/1");
    await visitor.getByRole("heading", { name: "Der Start" }).waitFor();
    await expect.poll(() => visitor.title()).toContain("Im Museum am Markt");
  });

  it("ends the imported game and takes it back while its data is kept", async () => {
    await ops.getByRole("navigation").getByRole("link", { name: "Spiele", exact: true }).click();
    const row = ops.getByRole("listitem", { name: "Im Museum am Markt" }).filter({
      hasText: "/g/museum-zwei/webapp/",
    });
    await row.getByRole("button", { name: "Im Museum am Markt beenden" }).click();
    await ops.getByRole("button", { name: "Spiel beenden" }).click();
    const ended = ops.getByRole("region", { name: "Beendete Spiele" });
    await ended.getByText(/^Beendet am .*; seine Daten werden ab .* gelöscht\.$/).waitFor();
    expect((await fetch(`${server.url}/g/museum-zwei/webapp/config.json`)).status).toBe(410);

    await settle(ops);
    await ended.scrollIntoViewIfNeeded();
    await screenshot(ops, "game-making-04-ended");
    await ended.getByRole("button", { name: "Im Museum am Markt wieder aufnehmen" }).click();
    await ops
      .getByRole("status")
      .filter({ hasText: "Im Museum am Markt spielt wieder unter /g/museum-zwei/webapp/." })
      .waitFor();
    await settle(ops);
    await screenshot(ops, "game-making-04-restored");
    await visitor.goto("/g/museum-zwei/webapp/station/1");
    await visitor.getByRole("heading", { name: "Der Start" }).waitFor();
  });
});
