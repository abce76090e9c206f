import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * A host closes a station for a player and opens it again, host and player in two browsers:
 * the player is at the demo's frog (station 8, "Die Weidenhäuser Brücke"); closed, it leaves
 * their open screen and their list at once; reopened, it is there again and plays afresh; a
 * finished one reopened gives its points back until it is done again.
 */
describe("a host closes and reopens a station for a player", () => {
  const title = "Die Weidenhäuser Brücke";
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    player = (await phonePage(browser, server.url, undefined, "block")).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const section = () => ops.getByRole("region", { name: "Stationen" });
  const answerField = () => player.getByLabel("Deine Antwort");

  it("closes the running station: it leaves the player's screen and list at once", async () => {
    await joinForFree(player, "/webapp/custom/8");
    await expect.poll(() => answerField().isEnabled(), { timeout: 20_000 }).toBe(true);

    await signInNewOperator(ops, "ilse", addOperator(server, "ilse"), "Bruecke-Gesperrt-8");
    await ops.getByRole("navigation").getByRole("link", { name: "Spieler" }).click();
    await ops.getByRole("link", { name: /^Chat von Wanderer \d{4}$/ }).click();
    const row = section().getByRole("listitem").filter({ hasText: title });
    await row.getByText("läuft", { exact: true }).waitFor({ timeout: 10_000 });
    await section()
      .getByRole("button", { name: `„${title}“ schließen` })
      .click();
    await section()
      .getByText(/wird für Wanderer \d{4} geschlossen/)
      .waitFor();
    await section().getByText("Was dort gerade läuft, endet.", { exact: false }).waitFor();
    await section().getByLabel("Grund (für das Protokoll)").fill("Brücke gesperrt");
    await settle(ops);
    await screenshot(ops, "closed-stations-00-question");
    // Nothing is sent before the host confirms.
    expect(await answerField().isEnabled()).toBe(true);
    await section().getByRole("button", { name: "Ja, schließen" }).click();

    await player
      .getByText("Die Spielleitung hat diese Station für dich geschlossen.", { exact: false })
      .waitFor({ timeout: 5_000 });
    expect(await answerField().count()).toBe(0);
    await settle(player);
    await screenshot(player, "closed-stations-01-player");
    await row.getByText("geschlossen", { exact: true }).waitFor({ timeout: 10_000 });
    await ops.getByRole("status").filter({ hasText: "ist für" }).first().waitFor();
    await settle(ops);
    await screenshot(ops, "closed-stations-02-host");

    await player.getByRole("link", { name: "Zurück" }).first().click();
    await player.waitForURL(/\/webapp\/custom$/);
    await player.getByRole("heading", { name: "Einträge" }).first().waitFor();
    expect(await player.getByRole("link", { name: title }).count()).toBe(0);
  });

  it("reopens it: the player plays it afresh; a finished one counts again only when done again", async () => {
    await section()
      .getByRole("button", { name: `„${title}“ wieder öffnen` })
      .click();
    await section()
      .getByText(/wird für Wanderer \d{4} wieder geöffnet: die App zeigt/)
      .waitFor();
    await section().getByRole("button", { name: "Ja, wieder öffnen" }).click();
    await player.getByRole("link", { name: title }).waitFor({ timeout: 5_000 });
    await player.getByRole("link", { name: title }).click();
    await expect.poll(() => answerField().isEnabled(), { timeout: 15_000 }).toBe(true);
    await answerField().fill("Kugel");
    await player.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(player, "Der Froschkönig")
      .filter({ hasText: "goldene Kugel" })
      .waitFor({ timeout: 10_000 });

    const row = section().getByRole("listitem").filter({ hasText: title });
    await row.getByText("geschafft", { exact: true }).waitFor({ timeout: 10_000 });
    await player.goto("/webapp/points");
    await player.getByText("2 Punkte").first().waitFor({ timeout: 10_000 });
    await section()
      .getByRole("button", { name: `„${title}“ wieder öffnen` })
      .click();
    await section().getByText("ihre Punkte zählen erst wieder", { exact: false }).waitFor();
    await section().getByRole("button", { name: "Ja, wieder öffnen" }).click();
    await row.getByText("verlassen", { exact: true }).waitFor({ timeout: 10_000 });
    await player.getByText("0 Punkte").first().waitFor({ timeout: 10_000 });
    await settle(player);
    await screenshot(player, "closed-stations-03-points");
    await ops.getByRole("navigation").getByRole("link", { name: "Protokoll" }).click();
    await ops
      .getByText(/Brücke gesperrt/)
      .first()
      .waitFor({ timeout: 10_000 });
    await ops.getByText("Station geschlossen").first().waitFor();
    expect(await ops.getByText("Station wieder geöffnet").count()).toBe(2);
  });
});
