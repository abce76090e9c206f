import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * A host directs the story, player and host in two browsers: the player is stuck at the demo's
 * frog (station 8); the host continues its dialogue at the knot `aufloesung`, after the page's
 * question; the frog tells the answer in the player's open chat, the question and the hint's
 * button go, and the station ends. Then the host awards points with a note: the player's points
 * screen, the scoreboard and the conversation with the organisers show them.
 */
describe("a host directs the story", () => {
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

  it("continues the player's dialogue where the host chose, live in their chat", async () => {
    await joinForFree(player, "/webapp/custom/8");
    const input = player.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 20_000 }).toBe(true);
    await input.fill("Apfel");
    await player.getByRole("button", { name: "Senden" }).click();
    await frog().filter({ hasText: "das war es nicht" }).waitFor({ timeout: 10_000 });

    await signInNewOperator(ops, "jost", addOperator(server, "jost"), "Froschkoenig-Knoten-8");
    await ops.getByRole("navigation").getByRole("link", { name: "Spieler" }).click();
    await ops.getByRole("link", { name: /^Chat von Wanderer \d{4}$/ }).click();
    const section = ops.getByRole("region", { name: "Dialog lenken" });
    const knot = section.getByLabel("Weiter bei Knoten");
    await knot.waitFor({ timeout: 10_000 });
    expect(await knot.locator("option").allInnerTexts()).toEqual([
      "raetsel",
      "aufloesung",
      "abschied",
    ]);
    await knot.selectOption("aufloesung");
    await section.getByRole("button", { name: "Weiter bei diesem Knoten…" }).click();
    // The question first: nothing is sent yet.
    await section.getByText(/geht für Wanderer \d{4} bei „aufloesung“ weiter/).waitFor();
    await settle(ops);
    await screenshot(ops, "direct-story-00-question");
    expect(await frog().filter({ hasText: "Ich verrate es dir" }).count()).toBe(0);
    await section.getByRole("button", { name: "Ja, weiter bei „aufloesung“" }).click();

    const sentAt = Date.now();
    await frog().filter({ hasText: "Ich verrate es dir" }).waitFor({ timeout: 5_000 });
    // Live: the line is in the chat in about a second (the writing indicator comes first).
    expect(Date.now() - sentAt).toBeLessThan(5_000);
    await frog().filter({ hasText: "zum Abendessen im Schloss" }).waitFor({ timeout: 10_000 });
    await expect.poll(() => player.getByLabel("Deine Antwort").count()).toBe(0);
    expect(await player.getByRole("button", { name: /Tipp/ }).count()).toBe(0);
    await settle(player);
    await screenshot(player, "direct-story-01-player");
    // The host's page: the station no longer runs, the frog's lines are in the thread.
    await ops
      .getByText("Ich verrate es dir", { exact: false })
      .first()
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => section.count(), { timeout: 10_000 }).toBe(0);
  });

  it("awards points with a reason and a note: the points screen and the scoreboard count them", async () => {
    const section = ops
      .locator("form")
      .filter({ has: ops.getByRole("heading", { name: "Punkte" }) });
    await section.getByLabel("Punkte", { exact: true }).fill("3");
    await section.getByLabel("Grund").fill("Beste Verkleidung");
    await section.getByLabel(/eine Nachricht schicken/).check();
    const note = section.getByLabel("Text der Nachricht");
    expect(await note.inputValue()).toBe("+3 Punkte von der Spielleitung: Beste Verkleidung");
    await settle(ops);
    await screenshot(ops, "direct-story-02-award");
    await section.getByRole("button", { name: "Punkte vergeben" }).click();
    await ops.getByText("3 Punkte vergeben und Nachricht gesendet.").waitFor({ timeout: 10_000 });
    await ops.getByText(/\+3 · Beste Verkleidung/).waitFor({ timeout: 10_000 });

    await player.goto("/webapp/points");
    await player.getByText("Von der Spielleitung").waitFor({ timeout: 15_000 });
    await player.getByText("+3 Punkte").first().waitFor();
    await settle(player);
    await screenshot(player, "direct-story-03-points");
    await player.goto("/webapp/scoreboard");
    await player.getByRole("heading", { name: /^Du bist auf Platz \d+$/ }).waitFor();
    const you = player.getByRole("list", { name: "Rangliste" }).locator('[aria-current="true"]');
    await expect.poll(() => you.innerText(), { timeout: 10_000 }).toMatch(/\b3\b/);
    await player.goto("/webapp/organisers");
    await player
      .getByText("+3 Punkte von der Spielleitung: Beste Verkleidung")
      .waitFor({ timeout: 10_000 });
    await settle(player);
    await screenshot(player, "direct-story-04-note");
  });
});
