import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * A riddle's hints with the demo's frog (station 8: a ladder of two hints, 1 point each, beside
 * a riddle worth 2), player and host in two browsers: the player asks for the first hint in the
 * chat and pays its point, the host sees it on the player's page and gives the second free, which
 * reaches the player's open chat; the riddle then awards 1 point, and the overview counts 2 hints.
 */
describe("a riddle's hints", () => {
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

  const frog = () => messagesFrom(player, "Der Froschkönig");
  const hintButton = (name: string) => player.getByRole("button", { name });

  it("costs the player its point, and a host gives the next one free", async () => {
    await joinForFree(player, "/webapp/custom/8");
    const first = hintButton("Einen Tipp, bitte");
    await first.waitFor({ timeout: 20_000 });
    // The button says what the hint costs.
    expect(await first.innerText()).toContain("1 Punkt");
    await settle(player);
    await screenshot(player, "hints-00-offered");
    await first.click();
    await frog().filter({ hasText: "Sie war rund" }).waitFor({ timeout: 10_000 });
    await messagesFrom(player, "user").filter({ hasText: "Einen Tipp, bitte" }).waitFor();
    await hintButton("Noch ein Tipp").waitFor();
    expect(await first.count()).toBe(0);
    await settle(player);
    await screenshot(player, "hints-01-first-taken");

    await signInNewOperator(ops, "hanne", addOperator(server, "hanne"), "Froschkoenig-Kugel-8");
    await ops.getByRole("navigation").getByRole("link", { name: "Spieler" }).click();
    await ops.getByRole("link", { name: /^Chat von Wanderer \d{4}$/ }).click();
    await ops.getByText("Tipps genommen: 1").waitFor({ timeout: 10_000 });
    await ops.getByText("kostet 1 Punkt").waitFor();
    await ops.getByLabel("ohne Punktabzug").check();
    await settle(ops);
    await screenshot(ops, "hints-02-host-page");
    await ops.getByRole("button", { name: "Nächsten Tipp geben" }).click();
    await ops.getByRole("status").filter({ hasText: "Tipp gesendet." }).waitFor();
    // Live in the player's open chat, without their echo.
    await frog().filter({ hasText: "Sie ist aus Gold" }).waitFor({ timeout: 5_000 });
    await expect.poll(() => hintButton("Noch ein Tipp").count()).toBe(0);
    expect(await messagesFrom(player, "user").filter({ hasText: "Noch ein Tipp" }).count()).toBe(0);
    await ops.getByText("Tipps genommen: 2").waitFor({ timeout: 10_000 });
    await expect
      .poll(() => ops.getByRole("button", { name: "Nächsten Tipp geben" }).count())
      .toBe(0);

    const input = player.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill("Kugel");
    await player.getByRole("button", { name: "Senden" }).click();
    await frog().filter({ hasText: "Ganz genau, ihre goldene Kugel!" }).waitFor();
    await settle(player);
    await screenshot(player, "hints-03-solved");
    // 2 for the riddle, less the first hint's point; the host's was free.
    await player.goto("/webapp/points");
    await player
      .getByText(/^1 Punkt/)
      .first()
      .waitFor({ timeout: 15_000 });

    await ops.getByRole("navigation").getByRole("link", { name: "Übersicht" }).click();
    const funnel = ops.getByRole("table").filter({ hasText: "Falsche Antworten" });
    await funnel.waitFor({ timeout: 10_000 });
    const column = (await funnel.getByRole("columnheader").allInnerTexts()).indexOf("Tipps");
    expect(column).toBeGreaterThan(0);
    const row = funnel.getByRole("row").filter({ hasText: "Die Weidenhäuser Brücke" });
    // The row's first column is its heading (a row header, not a cell).
    await expect
      .poll(async () => (await row.getByRole("cell").allInnerTexts())[column - 1], {
        timeout: 15_000,
      })
      .toBe("2");
    await settle(ops);
    await screenshot(ops, "hints-04-funnel");
  });
});
