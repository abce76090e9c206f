import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * The game's clock, host and player in two browsers: the game began an hour ago and ends in an
 * hour (game.yaml `clock`); the player sees the time left at the frog (station 8). The host ends
 * the game now: the player's open app says it is over and takes no answer. The host extends it
 * by 15 minutes: the app opens again live and the answer counts.
 */
describe("the game's clock", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    const hour = 60 * 60_000;
    const start = new Date(Date.now() - hour).toISOString();
    const end = new Date(Date.now() + hour).toISOString();
    await appendFile(join(pack.dir, "game.yaml"), `clock:\n  start: ${start}\n  end: ${end}\n`);
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

  const answerField = () => player.getByLabel("Deine Antwort");
  const clock = () => ops.getByRole("region", { name: "Spielzeit" });

  it("shows the time left; the host's end closes the game in the player's open app", async () => {
    await joinForFree(player, "/webapp/custom/8");
    await expect.poll(() => answerField().isEnabled(), { timeout: 20_000 }).toBe(true);
    const timer = player.getByRole("timer");
    await timer.waitFor({ timeout: 10_000 });
    expect(await timer.innerText()).toMatch(/^Noch (59|1:00):\d\d/);
    await settle(player);
    await screenshot(player, "game-clock-00-time-left");

    await signInNewOperator(ops, "uwe", addOperator(server, "uwe"), "Spielzeit-Ende-14");
    await clock().getByText("Ende:", { exact: false }).first().waitFor({ timeout: 10_000 });
    await clock()
      .getByText(/noch (1 h 0|59) min/)
      .waitFor();
    await settle(ops);
    await screenshot(ops, "game-clock-01-console");
    await clock().getByRole("button", { name: "Spiel jetzt beenden" }).click();
    await ops.getByRole("button", { name: "Ja, jetzt beenden" }).click();
    await clock().getByText("Das Spiel ist beendet.").waitFor({ timeout: 10_000 });

    await player.getByText("Das Spiel ist vorbei.", { exact: false }).first().waitFor({
      timeout: 5_000,
    });
    await player.getByText("Antworten zählen nicht mehr", { exact: false }).waitFor();
    expect(await answerField().count()).toBe(0);
    await settle(player);
    await screenshot(player, "game-clock-02-over");
  });

  it("a host's extension opens the game again, and the answer counts", async () => {
    await clock().getByRole("button", { name: "+15 min" }).click();
    await clock()
      .getByText(/Das Spiel endet jetzt um \d\d:\d\d\./)
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => answerField().isEnabled(), { timeout: 5_000 }).toBe(true);
    expect(await player.getByRole("timer").innerText()).toMatch(/^Noch 1[45]:\d\d/);
    await answerField().fill("Kugel");
    await player.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(player, "Der Froschkönig")
      .filter({ hasText: "goldene Kugel" })
      .waitFor({ timeout: 10_000 });
    await settle(player);
    await screenshot(player, "game-clock-03-extended");

    await ops.getByRole("navigation").getByRole("link", { name: "Protokoll" }).click();
    await expect.poll(() => ops.getByText("Spielende geändert").count()).toBe(2);
  });
});
