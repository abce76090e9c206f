import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, settle } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** The app tells the truth about the network (issue 28): offline, and back. */
describe("the network comes and goes", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await phonePage(browser, server.url));
    await joinForFree(page, "/webapp/station/1");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("says so while the phone is offline, and goes once the game is back", async () => {
    const banner = page.getByRole("status").filter({ hasText: "Du bist offline." });
    await page.getByRole("heading", { name: "Der Marktplatz" }).waitFor();
    await context.setOffline(true);
    await banner.waitFor();
    await screenshot(page, "connection-offline");
    await context.setOffline(false);
    await banner.waitFor({ state: "detached", timeout: 20_000 });
    await page
      .getByRole("status")
      .filter({ hasText: "Verbindung zum Spiel wird wiederhergestellt" })
      .waitFor({ state: "detached", timeout: 20_000 });
  });
});

/**
 * The demo's Weidenhäuser Brücke asks what fell into the well. An answer typed without a
 * connection waits, shown as such, and goes once when the network is back; one whose reply was
 * lost (the server took it) is not sent again.
 */
describe("an answer typed offline", () => {
  let server: RunningServer;
  let browser: Browser | undefined;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /**
   * A new player at the question, and the answer calls their page makes. The service worker is
   * kept out: once it controls the page, the page's own calls go through it, unseen by the
   * page's routes and request events.
   */
  async function atQuestion() {
    if (browser === undefined) throw new Error("no browser");
    const { context, page } = await phonePage(browser, server.url, marktplatz, "block");
    const sent: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/game/player/answer")) sent.push(request.postData() ?? "");
    });
    await joinForFree(page, "/webapp/custom/8");
    const input = page.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 30_000 }).toBe(true);
    return { context, page, input, sent };
  }

  const reply = (page: Page) =>
    messagesFrom(page, "Der Froschkönig").filter({ hasText: "goldene Kugel" });

  it("waits in the outbox and is sent once when the network is back", async () => {
    const { context, page, input, sent } = await atQuestion();
    await context.setOffline(true);
    await page.getByRole("status").filter({ hasText: "Du bist offline." }).waitFor();
    await input.fill("Kugel");
    await page.getByRole("button", { name: "Senden" }).click();

    const queued = page.getByTestId("queued-input");
    await queued.filter({ hasText: "Kugel" }).waitFor();
    await queued.getByText("Wird gesendet, sobald du online bist").waitFor();
    expect(await input.inputValue()).toBe("");
    expect(await input.isDisabled()).toBe(true);
    await settle(page);
    await screenshot(page, "connection-answer-queued");

    await context.setOffline(false);
    await reply(page).waitFor({ timeout: 30_000 });
    await queued.waitFor({ state: "detached" });
    expect(await messagesFrom(page, "user").filter({ hasText: "Kugel" }).count()).toBe(1);
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0] ?? "{}")).toMatchObject({ StationID: 8, Answer: "Kugel" });
    await settle(page);
    await screenshot(page, "connection-answer-sent");
  });

  it("is not sent twice when only the server's reply was lost", async () => {
    const { page, input, sent } = await atQuestion();
    // The call reaches the server, its reply never the phone.
    await page.route("**/api/game/player/answer", async (route) => {
      await route.fetch();
      await route.abort("connectionreset");
    });
    await input.fill("Kugel");
    await page.getByRole("button", { name: "Senden" }).click();
    await reply(page).waitFor({ timeout: 30_000 });
    await page.getByTestId("queued-input").waitFor({ state: "detached", timeout: 30_000 });
    expect(sent).toHaveLength(1);
    expect(await messagesFrom(page, "user").filter({ hasText: "Kugel" }).count()).toBe(1);
    expect(await page.getByRole("alert").count()).toBe(0);
  });
});
