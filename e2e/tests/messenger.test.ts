import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page, Response } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** The token the app stored for its player. */
function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    const config = JSON.parse(localStorage.getItem("wegmarke.config") ?? "{}") as {
      authToken?: string;
    };
    if (!config.authToken) throw new Error("no token stored");
    return config.authToken;
  });
}

/** Game calls the server refused with 409 (another send was faster, or nothing expected). */
function conflictsOf(page: Page): string[] {
  const conflicts: string[] = [];
  page.on("response", (response: Response) => {
    if (response.status() === 409) conflicts.push(response.url());
  });
  return conflicts;
}

/**
 * The demo's Weidenhäuser Brücke asks a question and offers a hint button once. The stream
 * brings the hint and the question again before the tap's call answers (the call's answer is
 * held back until the page shows the hint): the used button goes all the same, also after a
 * reload, and nothing is sent twice.
 */
describe("a used button", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // Without the service worker: once it controls the page, the tap's call goes through it,
    // past the page's route that holds its answer back.
    ({ page } = await phonePage(browser, server.url, marktplatz, "block"));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const hintButton = () => page.getByRole("button", { name: "Einen Tipp, bitte" });
  const hint = () => messagesFrom(page, "Der Froschkönig").filter({ hasText: "Sie war rund" });

  it("goes once used, though the stream's answer came before the call's", async () => {
    const conflicts = conflictsOf(page);
    await joinForFree(page, "/webapp/custom/8");
    await hintButton().waitFor({ timeout: 15_000 });
    await page.route("**/api/game/button/activate", async (route) => {
      const response = await route.fetch();
      // Held back until the hint shows; the check below names it if it never does.
      await hint()
        .waitFor({ timeout: 25_000 })
        .catch(() => undefined);
      await route.fulfill({ response });
    });
    const answered = page.waitForResponse("**/api/game/button/activate", { timeout: 40_000 });
    await hintButton().click();
    expect((await answered).status()).toBe(200);
    await hint().waitFor({ timeout: 1_000 });
    await messagesFrom(page, "user").filter({ hasText: "Einen Tipp, bitte" }).waitFor();
    await expect.poll(() => hintButton().count()).toBe(0);
    const input = page.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled()).toBe(true);
    await settle(page);
    await screenshot(page, "messenger-01-hint-used");

    await page.reload();
    await hint().waitFor();
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await hintButton().count()).toBe(0);
    await input.fill("Kugel");
    await page.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(page, "Der Froschkönig").filter({ hasText: "goldene Kugel" }).waitFor();
    expect(conflicts).toEqual([]);
  });
});

/**
 * Anna and Ben play as one team (formed through the API): Ben sees Anna's answer on his side of
 * the chat with her name, Anna sees it as her own.
 */
describe("a teammate's answer", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let anna: Page;
  let ben: Page;

  beforeAll(async () => {
    pack = await demoPackWith({ allowTeams: true });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    anna = (await phonePage(browser, server.url)).page;
    ben = (await phonePage(browser, server.url)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  async function signUp(page: Page): Promise<string> {
    await page.goto("/webapp/team");
    await page.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await expect.poll(() => tokenOf(page).catch(() => "")).not.toBe("");
    return tokenOf(page);
  }

  it("shows who gave it", async () => {
    const annaToken = await signUp(anna);
    const benToken = await signUp(ben);
    const invited = await fetch(`${server.url}/api/game/team/invite`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ Hash: annaToken }),
    });
    const { value: code } = (await invited.json()) as { value: string };
    const query = new URLSearchParams({ hash: benToken, tjr: code });
    expect((await fetch(`${server.url}/api/game/team/join?${query.toString()}`)).status).toBe(200);

    await anna.goto("/webapp/station/1");
    await startStation(anna);
    await ben.goto("/webapp/station/1");
    for (const page of [anna, ben]) {
      await messagesFrom(page, "Lena")
        .filter({ hasText: "Welches Tier kräht" })
        .waitFor({ timeout: 30_000 });
    }
    const input = anna.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    await input.fill("Gockel");
    await anna.getByRole("button", { name: "Senden" }).click();

    const onBens = messagesFrom(ben, "user").filter({ hasText: "Gockel" });
    await onBens.waitFor({ timeout: 15_000 });
    const name = await onBens.getAttribute("data-author");
    expect(name).toMatch(/^Wanderer \d{4}$/);
    expect(await onBens.locator(".bubble__name").innerText()).toBe(name);
    expect(await onBens.getAttribute("class")).toContain("bubble--teammate");

    const onAnnas = messagesFrom(anna, "user").filter({ hasText: "Gockel" });
    await onAnnas.waitFor();
    expect(await onAnnas.getAttribute("data-author")).toBeNull();
    expect(await onAnnas.getAttribute("class")).toContain("bubble--own");
    await messagesFrom(ben, "Lena").filter({ hasText: "Genau, der Gockel" }).waitFor();
    await settle(ben);
    await screenshot(ben, "messenger-02-teammate-answer");
  });
});

/**
 * One player with the app open in two tabs: the messages tab one shows are read in tab two as
 * well, and stay read after a reload of either.
 */
describe("two tabs of one player", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let first: Page;
  let second: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    const phone = await phonePage(browser, server.url);
    first = phone.page;
    second = await phone.context.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** What the footer's stations link says of unread messages ("" for none). */
  const unreadOf = async (page: Page) => {
    const link = page.getByRole("navigation", { name: "Bereiche" }).getByRole("link", {
      name: /Stationen/,
    });
    return /(\d+) ungelesene Nachricht/.exec(await link.innerText())?.[1] ?? "";
  };

  it("agree on the unread messages, also after a reload", async () => {
    await joinForFree(first, "/webapp/station/1");
    await second.goto("/webapp/");
    await second.getByRole("heading", { level: 1, name: "Neuigkeiten" }).waitFor();
    await startStation(first);
    await messagesFrom(first, "Lena")
      .filter({ hasText: "Welches Tier kräht" })
      .waitFor({ timeout: 30_000 });
    // The second tab types the same messages out ("Lena schreibt …" on home until it is done);
    // the first showed them, so both have read them.
    await expect.poll(() => second.getByText(/schreibt/).count(), { timeout: 30_000 }).toBe(0);
    await expect.poll(() => unreadOf(second), { timeout: 5_000 }).toBe("");
    await screenshot(second, "messenger-03-second-tab");

    await second.reload();
    await second.getByRole("heading", { level: 1, name: "Neuigkeiten" }).waitFor();
    await second.waitForTimeout(1000);
    expect(await unreadOf(second)).toBe("");
    await first.goto("/webapp/");
    await first.getByRole("heading", { level: 1, name: "Neuigkeiten" }).waitFor();
    await first.waitForTimeout(1000);
    expect(await unreadOf(first)).toBe("");
  });
});
