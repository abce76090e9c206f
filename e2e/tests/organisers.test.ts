import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * Players write to the organisers, host and player in two browsers at phone size: the player's
 * message shows in the console's inbox as unread wherever the host is, the host answers, and
 * the answer reaches the player's open conversation at once, and their "Mehr" menu as unread
 * while they are elsewhere in the app. A photo goes along with a message, shrunk, and the host
 * sees it in the conversation.
 */
describe("the conversation with the organisers", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    player = (await phonePage(browser, server.url, marktplatz)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("brings a player's message to the hosts' inbox and the answer back to the player", async () => {
    await signInNewOperator(ops, "jana", addOperator(server, "jana"), "Brunnen-Kirche-42");
    const inboxTab = ops.getByRole("navigation").getByRole("link", { name: /^Postfach/ });
    await inboxTab.waitFor();

    await player.goto("/webapp/station/1");
    await player.waitForURL(/\/webapp\/login\?target=/);
    await player.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await player.waitForURL(/\/webapp\/station\/1$/);
    await player.getByRole("button", { name: "Mehr" }).click();
    await player.getByRole("link", { name: "Spielleitung" }).click();
    await player.waitForURL(/\/webapp\/organisers$/);
    await player.getByText("Hast du eine Frage oder kommst nicht weiter?").waitFor();
    await player
      .getByLabel("Deine Nachricht an die Spielleitung")
      .fill("Wir finden den Brunnen nicht.\nWo ist er?");
    await player.getByRole("button", { name: "Senden" }).click();
    const log = player.getByRole("log", { name: "Nachrichten mit der Spielleitung" });
    await log.getByText("Wir finden den Brunnen nicht.").waitFor();
    await settle(player);
    await screenshot(player, "organisers-00-app-message");

    // The host is on the overview: the tab counts the unread message.
    await inboxTab.filter({ hasText: "1" }).waitFor({ timeout: 5_000 });
    await expect.poll(() => ops.title()).toMatch(/^\(1\) /);
    await inboxTab.click();
    const entry = ops.getByRole("link", { name: /Wanderer \d{4}.*Wir finden den Brunnen nicht/s });
    await entry.getByText("offen").waitFor();
    await settle(ops);
    await screenshot(ops, "organisers-01-inbox");
    await entry.click();
    const messages = ops.getByRole("list", { name: "Nachrichten" });
    await messages.getByText("Wo ist er?").waitFor();
    // Read by opening it: the tab's count goes for every host.
    await expect.poll(() => inboxTab.innerText(), { timeout: 5_000 }).toBe("Postfach");

    await ops.getByLabel(/^Antwort an Wanderer \d{4}$/).fill("Hinter der Kirche, links.");
    await ops.getByRole("button", { name: "Antwort senden" }).click();
    // Live: the page does not read the conversation again on its own.
    await log.getByText("Hinter der Kirche, links.").waitFor({ timeout: 5_000 });
    await log.getByText("Spielleitung").first().waitFor();
    await settle(ops);
    await screenshot(ops, "organisers-02-answered");
    await settle(player);
    await screenshot(player, "organisers-03-answer-in-app");

    // Elsewhere in the app, the next answer shows as unread in "Mehr".
    await player.getByRole("navigation").getByRole("link", { name: "Stationen" }).click();
    await ops.getByLabel(/^Antwort an Wanderer \d{4}$/).fill("Am Brunnen wartet Lena.");
    await ops.getByRole("button", { name: "Antwort senden" }).click();
    const more = player.getByRole("button", { name: /Mehr/ });
    await expect
      .poll(
        () => more.getAttribute("aria-label").then(async (label) => label ?? more.innerText()),
        {
          timeout: 5_000,
        },
      )
      .toMatch(/1 neue Antwort der Spielleitung/);
    await more.click();
    const item = player.getByRole("link", { name: /Spielleitung/ });
    await item.getByText("1").first().waitFor();
    await settle(player);
    await screenshot(player, "organisers-04-unread-in-more");
    await item.click();
    await log.getByText("Am Brunnen wartet Lena.").waitFor();
    // Shown, so read: after a reload nothing is unread any more.
    await player.reload();
    await log.getByText("Am Brunnen wartet Lena.").waitFor();
    await player.getByRole("button", { name: "Mehr" }).click();
    await expect
      .poll(() => player.getByRole("link", { name: /Spielleitung/ }).innerText())
      .toBe("Spielleitung");
  });

  it("takes a photo along with a message, shown in the app and in the host's conversation", async () => {
    const camera = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: "#5b8" },
    })
      .jpeg()
      .toBuffer();
    // The "Mehr" menu the last test opened closes.
    await player.keyboard.press("Escape");
    await player.getByRole("link", { name: "Rangliste" }).waitFor({ state: "hidden" });
    await player.getByLabel("Foto hinzufügen").setInputFiles({
      name: "IMG_0042.jpg",
      mimeType: "image/jpeg",
      buffer: camera,
    });
    await player.getByRole("img", { name: "Das Foto zur Nachricht" }).waitFor();
    await player.getByLabel("Deine Nachricht an die Spielleitung").fill("Ist es dieser Brunnen?");
    await player.getByRole("button", { name: "Senden" }).click();
    const log = player.getByRole("log", { name: "Nachrichten mit der Spielleitung" });
    await log.getByText("Ist es dieser Brunnen?").waitFor();
    const loaded = (image: ReturnType<Page["locator"]>) =>
      image.evaluate((img) => (img as HTMLImageElement).naturalWidth);
    const mine = log.locator("img").last();
    await expect.poll(() => loaded(mine), { timeout: 10_000 }).toBeGreaterThan(0);
    await settle(player);
    await screenshot(player, "organisers-05-photo-in-app");

    // The host's open conversation reads itself again on the inbox's news.
    const messages = ops.getByRole("list", { name: "Nachrichten" });
    const photo = messages.getByRole("img", { name: /^Foto von Wanderer \d{4}$/ });
    await photo.waitFor({ timeout: 5_000 });
    await expect.poll(() => loaded(photo), { timeout: 10_000 }).toBeGreaterThan(0);
    const full = messages.getByRole("link", { name: /in voller Größe öffnen$/ });
    const opened = await ops.request.get(
      new URL((await full.getAttribute("href")) ?? "", server.url).href,
    );
    expect(opened.headers()["content-type"]).toBe("image/jpeg");
    const { width, height } = await sharp(await opened.body()).metadata();
    expect(Math.max(width ?? 0, height ?? 0)).toBe(1600);
    await settle(ops);
    await screenshot(ops, "organisers-06-photo-in-console");
  });
});
