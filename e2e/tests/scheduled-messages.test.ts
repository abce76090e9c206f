import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { addToPack, demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * Seconds a line waits (`#delay`) before the question, and the P.S. after the end: long enough
 * for a page reload and a server restart before it, also on a busy machine.
 */
const questionDelay = 4;
const postscriptDelay = 20;
const reminderAfter = 3;
/** Seconds Wilhelm (the demo's Alte Universität) looks for the tale: 30 in the demo. */
const searchDelay = 10;

/** A station of the test's own, next to the market square, with short delays and a reminder. */
const postStation = {
  "stations/10-posthalterei/station.yaml": `id: 10
name: posthalterei
character: Der Postillion
latitude: 50.8096
longitude: 8.7702
points: 2
group: Oberstadt
texts:
  de:
    title: Die Posthalterei
    desc: Hier hält die Postkutsche.
reminder:
  after: ${reminderAfter}s
  text:
    de: Hallo? Ich warte noch auf deine Antwort.
`,
  "stations/10-posthalterei/script.de.ink": `VAR points = 0
Moin! Ich bin der Postillion.
Ich hole eben die Post.
Da bin ich wieder! #delay: ${questionDelay}s
- (frage)
Wie viele Pferde ziehen meine Kutsche?
+ [vier / 4 #answer]
    Richtig, vier!
    ~ points = 2
+ [#answer]
    Nein, zähl noch einmal!
    -> frage
- Ich fahre los.
P.S. Ein Brief für dich ist angekommen! #delay: ${postscriptDelay}s
-> END
`,
};

/**
 * Messages for later (`#delay`) and the idle reminder, in the open chat: a delayed line and the
 * reminder arrive live; a P.S. due after the station ended survives a reload of the page and a
 * restart of the server on the same database, and arrives once.
 */
describe("scheduled messages and the idle reminder", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    await addToPack(pack, postStation);
    const wilhelm = join(pack.dir, "stations/5-alte-universitaet/script.de.ink");
    const script = await readFile(wilhelm, "utf8");
    if (!script.includes("#delay: 30s")) throw new Error("the demo's Wilhelm waits no 30 s");
    await writeFile(wilhelm, script.replace("#delay: 30s", `#delay: ${searchDelay}s`));
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const postillion = () => messagesFrom(page, "Der Postillion");
  const line = (text: string) => postillion().filter({ hasText: text });
  const input = () => page.getByLabel("Deine Antwort");
  /** When a line showed up in the chat, as the browser's clock says. */
  const shownAt = async (text: string) => {
    await line(text).waitFor({ timeout: 30_000 });
    return Date.now();
  };

  it("delivers a delayed line live in the open chat after its delay", async () => {
    await joinForFree(page, "/webapp/station/10");
    await startStation(page);
    const before = await shownAt("Ich hole eben die Post.");
    // The delayed line and the question after it are not there yet, and nothing can be answered.
    expect(await line("Da bin ich wieder!").count()).toBe(0);
    expect(await input().isDisabled()).toBe(true);
    await screenshot(page, "scheduled-01-waiting");

    const after = await shownAt("Da bin ich wieder!");
    // The server sends it after the delay (counted from the start, while the first lines were
    // typed); the app types it like a new message.
    expect(after - before).toBeGreaterThan(1_500);
    await line("Wie viele Pferde").waitFor({ timeout: 10_000 });
    await expect.poll(() => input().isEnabled(), { timeout: 5_000 }).toBe(true);
  });

  it("reminds the player who does not answer, once, without reading it as a rejection", async () => {
    const question = await shownAt("Wie viele Pferde");
    const reminder = await shownAt("Ich warte noch auf deine Antwort");
    expect(reminder - question).toBeGreaterThan(1_000);
    expect(await input().isEnabled()).toBe(true);
    expect(await page.getByText("Das war's noch nicht").count()).toBe(0);
    await settle(page);
    await screenshot(page, "scheduled-02-reminder");
    // Once per question.
    await page.waitForTimeout(reminderAfter * 1_000 + 1_500);
    expect(await line("Ich warte noch auf deine Antwort").count()).toBe(1);
  });

  it("keeps a P.S. due after the end through a page reload and a server restart", async () => {
    await input().fill("vier");
    await page.getByRole("button", { name: "Senden" }).click();
    const answeredAt = Date.now();
    await line("Ich fahre los.").waitFor({ timeout: 15_000 });
    // The station is done at once; its P.S. is still to come.
    await page.locator(".station__intro").getByText("Erledigt", { exact: true }).waitFor();
    expect(await line("P.S.").count()).toBe(0);

    await page.reload();
    await line("Ich fahre los.").waitFor();
    expect(await line("P.S.").count()).toBe(0);

    await server.restart();
    // Still pending when the server came back: the restart did not deliver it early.
    expect(Date.now() - answeredAt).toBeLessThan((postscriptDelay - 1) * 1_000);
    expect(await line("P.S.").count()).toBe(0);

    const arrived = await shownAt("P.S. Ein Brief für dich");
    expect(arrived - answeredAt).toBeGreaterThan((postscriptDelay - 1) * 1_000);
    await settle(page);
    expect(await line("P.S.").count()).toBe(1);
    expect(await line("Ich fahre los.").count()).toBe(1);
    // The stream came back by itself: no "connection lost" left on the screen.
    expect(await page.getByText("Die Verbindung ist abgebrochen").count()).toBe(0);
    await screenshot(page, "scheduled-03-postscript");
  });

  it("says that Wilhelm writes again, and shows the way onward only after his last line and tip", async () => {
    const context = await browser?.newContext({
      baseURL: server.url,
      viewport: { width: 360, height: 640 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: "de-DE",
    });
    if (!context) throw new Error("no browser");
    const phone = await context.newPage();
    const wilhelm = (text: string) =>
      messagesFrom(phone, "Wilhelm Grimm").filter({ hasText: text });
    const pending = phone
      .getByRole("status")
      .filter({ hasText: "Wilhelm Grimm schreibt dir gleich noch …" });
    const onward = phone.getByRole("link", { name: "Weiter zur nächsten Station" });

    await joinForFree(phone, "/webapp/main/5");
    await startStation(phone);
    await phone.getByRole("button", { name: "Alte Geschichten" }).click({ timeout: 30_000 });
    await wilhelm("Warte, ich suche dir ein Blatt").waitFor({ timeout: 15_000 });
    // The station is done, its points count; Wilhelm is still looking for the tale.
    await pending.waitFor();
    await phone.locator(".station__intro").getByText("Erledigt", { exact: true }).waitFor();
    expect(await wilhelm("Gefunden!").count()).toBe(0);
    expect(await onward.count()).toBe(0);
    expect(await phone.getByText("Geschafft!").count()).toBe(0);
    await settle(phone);
    await screenshot(phone, "scheduled-04-wilhelm-writes-again");

    await wilhelm("Gefunden!").waitFor({ timeout: (searchDelay + 10) * 1_000 });
    // The secret tip comes with it, then the way onward.
    await wilhelm("Geheimtipp").waitFor({ timeout: 15_000 });
    await onward.waitFor();
    await phone.getByText("Geschafft!").waitFor();
    expect(await pending.count()).toBe(0);
    await settle(phone);
    await screenshot(phone, "scheduled-05-wilhelm-done");
    await context.close();
  });
});
