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
 * while they are elsewhere in the app.
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
});
