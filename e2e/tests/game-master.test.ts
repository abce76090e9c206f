import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { demoPackWith, type GamePack } from "../support/content";
import { messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * The game master's page of a player, host and player in two browsers: the overview marks the
 * player as stuck after a wrong answer (the pack's threshold is one), the host opens their chat
 * from there, reads it as it happens and writes into their station as the game master; the
 * player's chat shows the line under that name, also after a reload.
 */
describe("the game master's page of a player", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    await appendFile(join(pack.dir, "game.yaml"), "gameMaster:\n  stuckAfterWrongAnswers: 1\n");
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    player = (await phonePage(browser, server.url, marktplatz)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  it("shows the host the player's chat live, and the host's line reaches the player", async () => {
    await player.goto("/webapp/station/1");
    await player.waitForURL(/\/webapp\/login\?target=/);
    await player.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await startStation(player);
    await messagesFrom(player, "Lena")
      .filter({ hasText: "Welches Tier kräht" })
      .waitFor({ timeout: 30_000 });

    await signInNewOperator(ops, "greta", addOperator(server, "greta"), "Turmuhr-Gockel-7");
    const stuck = ops.getByRole("region", { name: "Wer hängt fest?" }).getByRole("listitem");
    const entry = stuck.filter({ hasText: "Der Marktplatz" });
    await entry.filter({ hasText: "0 falsche Antworten" }).waitFor({ timeout: 15_000 });
    expect(await entry.getByText("hängt fest").count()).toBe(0);

    // The player answers wrong: the overview marks them, and their chat shows it.
    const input = player.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill("Eine Taube");
    await player.getByRole("button", { name: "Senden" }).click();
    await entry.filter({ hasText: "1 falsche Antwort" }).getByText("hängt fest").waitFor({
      timeout: 15_000,
    });
    await settle(ops);
    await screenshot(ops, "game-master-00-stuck");
    await entry.getByRole("link", { name: /^Chat von Wanderer \d{4} öffnen$/ }).click();
    const heading = ops.getByRole("heading", { level: 1, name: /^Chat von Wanderer \d{4}$/ });
    await heading.waitFor();
    await ops.getByText("An Der Marktplatz: wartet auf eine Antwort").waitFor();
    await ops.locator(".chat__line").filter({ hasText: "Welches Tier kräht" }).first().waitFor();
    await ops.locator(".chat__line--own").filter({ hasText: "Eine Taube" }).waitFor();
    await ops.locator(".chat__line").filter({ hasText: "das ist es nicht" }).waitFor();

    await ops.getByLabel("Als").selectOption("Spielleitung");
    await ops
      .getByLabel("Nachricht", { exact: true })
      .fill("Hört mal genau hin, wenn die Uhr schlägt.");
    // Kept for the next time: it stays on this browser's page of every player.
    await ops.getByRole("button", { name: "Zeile merken" }).click();
    await ops
      .getByRole("list", { name: "Gemerkte Zeilen (antippen zum Einsetzen)" })
      .getByRole("button", { name: "Hört mal genau hin, wenn die Uhr schlägt.", exact: true })
      .waitFor();
    await ops.getByRole("button", { name: "Senden" }).click();
    await ops.getByRole("status").filter({ hasText: "Gesendet als Spielleitung." }).waitFor();
    await messagesFrom(player, "Spielleitung")
      .filter({ hasText: "Hört mal genau hin" })
      .waitFor({ timeout: 10_000 });
    await ops
      .locator(".chat__line")
      .filter({ hasText: "Hört mal genau hin" })
      .getByText("Spielleitung")
      .waitFor();
    await settle(ops);
    await screenshot(ops, "game-master-01-player-chat");
    await settle(player);
    await screenshot(player, "game-master-02-line-in-app");

    // The line is in the player's log: it is there after a reload, and the station goes on.
    await player.reload();
    await messagesFrom(player, "Spielleitung").filter({ hasText: "Hört mal genau hin" }).waitFor();
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill("Hahn");
    await player.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(player, "Lena").filter({ hasText: "Genau, der Gockel!" }).waitFor();
    // The page's watch tells of it at once (it reads again on its own only every 20 s).
    await ops.locator(".chat__line--own").filter({ hasText: "Hahn" }).waitFor({ timeout: 5_000 });
    await ops.getByText("An keiner Station").waitFor({ timeout: 5_000 });
    // The player list leads to the chat as well.
    await ops.getByRole("link", { name: "Zurück zur Liste" }).click();
    await ops.getByRole("link", { name: /^Chat von Wanderer \d{4}$/ }).click();
    await heading.waitFor();
  });

  it("sends a line the script holds back for later now", async () => {
    await player.goto("/webapp/main/5");
    await startStation(player);
    await player.getByRole("button", { name: "Alte Geschichten" }).click({ timeout: 30_000 });
    await messagesFrom(player, "Wilhelm Grimm")
      .filter({ hasText: "ich suche dir ein Blatt" })
      .waitFor();

    await ops.getByRole("navigation").getByRole("link", { name: "Spieler" }).click();
    await ops.getByRole("link", { name: /^Chat von Wanderer \d{4}$/ }).click();
    const waiting = ops.getByRole("region", { name: "Nachrichten für später" });
    await waiting.getByText(/^Die Alte Universität: 1 Nachricht wartet, fällig um /).waitFor();
    await settle(ops);
    await screenshot(ops, "game-master-03-waiting");
    await waiting
      .getByRole("button", { name: "Nächste aus „Die Alte Universität“ jetzt senden" })
      .click();
    // Due in 30 s by the script: it comes at once.
    await messagesFrom(player, "Wilhelm Grimm")
      .filter({ hasText: "Gefunden! Es ist das Märchen vom Froschkönig." })
      .waitFor({ timeout: 10_000 });
    await waiting.waitFor({ state: "detached", timeout: 10_000 });
  });
});
