import { appendFile } from "node:fs/promises";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { createSchema, type TestSchema } from "../support/postgres";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/** What the issue asks of every arrival across the instances. */
const WITHIN = 1_000;

/**
 * The game master across two server processes on one PostgreSQL schema, as behind a load
 * balancer: the host's console on instance A, the player's app on instance B. The player's
 * wrong answer reaches the host's page of their chat, the host's line as Lena the player's
 * chat (Lena is typing it), the player's message the host's inbox and the answer the player,
 * the host's end of the game the player's station and the extension opens it again: each
 * within a second. A photo the player sends on B shows in the host's conversation on A.
 */
describe("the game master on one instance, the player on another", () => {
  let schema: TestSchema;
  let pack: GamePack;
  let a: RunningServer;
  let b: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;

  beforeAll(async () => {
    schema = await createSchema();
    pack = await demoPackWith({});
    const hour = 60 * 60_000;
    const start = new Date(Date.now() - hour).toISOString();
    const end = new Date(Date.now() + hour).toISOString();
    await appendFile(join(pack.dir, "game.yaml"), `clock:\n  start: ${start}\n  end: ${end}\n`);
    const env = {
      CONTENT_DIR: pack.dir,
      DATABASE_URL: schema.url,
      SECRET_KEY: "two-instances-secret-".padEnd(48, "s"),
    };
    a = await startServer(env);
    b = await startServer(env);
    browser = await launchBrowser();
    ops = (await phonePage(browser, a.url)).page;
    player = (await phonePage(browser, b.url, marktplatz)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await a?.stop();
    await b?.stop();
    await pack?.remove();
    await schema?.drop();
  });

  const answer = () => player.getByLabel("Deine Antwort");
  const lena = () => messagesFrom(player, "Lena");

  it("brings the player's answer to the host's page, and the host's line to the player", async () => {
    await joinForFree(player, "/webapp/station/1");
    await startStation(player);
    await lena().filter({ hasText: "Welches Tier kräht" }).waitFor({ timeout: 30_000 });

    await signInNewOperator(ops, "ines", addOperator(a, "ines"), "Zwei-Instanzen-22");
    await ops.goto("/ops/players");
    await ops.getByRole("link", { name: /^Chat von Wanderer \d{4}$/ }).click();
    await ops.locator(".chat__line").filter({ hasText: "Welches Tier kräht" }).first().waitFor();

    await expect.poll(() => answer().isEnabled(), { timeout: 15_000 }).toBe(true);
    await answer().fill("Eine Taube");
    await player.getByRole("button", { name: "Senden" }).click();
    await ops
      .locator(".chat__line--own")
      .filter({ hasText: "Eine Taube" })
      .waitFor({ timeout: WITHIN });

    await ops.getByLabel("Als").selectOption("Lena");
    await ops.getByLabel("Nachricht", { exact: true }).fill("Hör mal, wenn die Turmuhr schlägt.");
    await ops.getByRole("button", { name: "Senden" }).click();
    // There within the second: Lena types it, as she types her own lines, then it shows.
    await player
      .locator(".typing")
      .filter({ hasText: "Lena schreibt" })
      .waitFor({ timeout: WITHIN });
    await lena().filter({ hasText: "wenn die Turmuhr schlägt" }).waitFor({ timeout: 5_000 });
    await settle(player);
    await screenshot(player, "two-instances-00-line");
  });

  it("brings the player's message to the host's inbox, and the answer back", async () => {
    const inboxTab = ops.getByRole("navigation").getByRole("link", { name: /^Postfach/ });
    await player.goto("/webapp/organisers");
    await player.getByLabel("Deine Nachricht an die Spielleitung").fill("Welche Uhr meint ihr?");
    await player.getByRole("button", { name: "Senden" }).click();
    await inboxTab.filter({ hasText: "1" }).waitFor({ timeout: WITHIN });

    await inboxTab.click();
    await ops.getByRole("link", { name: /Wanderer \d{4}.*Welche Uhr meint ihr/s }).click();
    await ops.getByLabel(/^Antwort an Wanderer \d{4}$/).fill("Die am Rathaus.");
    await ops.getByRole("button", { name: "Antwort senden" }).click();
    const log = player.getByRole("log", { name: "Nachrichten mit der Spielleitung" });
    await log.getByText("Die am Rathaus.").waitFor({ timeout: WITHIN });

    // A photo sent on B, kept in the shared database, shown on A by A's own signed link.
    const photo = await sharp({
      create: { width: 1200, height: 900, channels: 3, background: "#7a5" },
    })
      .jpeg()
      .toBuffer();
    await player
      .getByLabel("Foto hinzufügen")
      .setInputFiles({ name: "uhr.jpg", mimeType: "image/jpeg", buffer: photo });
    await player.getByLabel("Deine Nachricht an die Spielleitung").fill("Diese hier?");
    await player.getByRole("button", { name: "Senden" }).click();
    const thumb = ops
      .getByRole("list", { name: "Nachrichten" })
      .getByRole("img", { name: /^Foto von Wanderer \d{4}$/ });
    // Made in B's photo process first: a few seconds at most.
    await thumb.waitFor({ timeout: 5_000 });
    await expect
      .poll(() => thumb.evaluate((img) => (img as HTMLImageElement).naturalWidth), {
        timeout: 5_000,
      })
      .toBeGreaterThan(0);
    await settle(ops);
    await screenshot(ops, "two-instances-01-inbox");
  });

  it("closes the game on the player's instance when the host ends it, and opens it again", async () => {
    await player.goto("/webapp/station/1");
    await expect.poll(() => answer().isEnabled(), { timeout: 15_000 }).toBe(true);
    await ops.goto("/ops");
    const clock = ops.getByRole("region", { name: "Spielzeit" });
    await clock.getByRole("button", { name: "Spiel jetzt beenden" }).click();
    await ops.getByRole("button", { name: "Ja, jetzt beenden" }).click();
    await player
      .getByText("Das Spiel ist vorbei.", { exact: false })
      .first()
      .waitFor({ timeout: WITHIN });
    expect(await answer().count()).toBe(0);

    await clock.getByRole("button", { name: "+15 min" }).click();
    await expect.poll(() => answer().isEnabled(), { timeout: WITHIN }).toBe(true);
    await answer().fill("Hahn");
    await player.getByRole("button", { name: "Senden" }).click();
    await lena().filter({ hasText: "Genau, der Gockel!" }).waitFor({ timeout: 10_000 });
    await settle(player);
    await screenshot(player, "two-instances-02-open-again");
  });
});
