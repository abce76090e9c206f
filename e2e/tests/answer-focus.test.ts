import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, messagesFrom, settle } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * A station played by keyboard on a small phone (360 × 640): starting it puts the focus into
 * the answer field, and the field keeps it while answers go with Enter, until the last answer
 * hands it to the way onward; the thread holds no link to the station it is shown at, and the
 * own answers are named for a screen reader. A button's tap keeps the focus in the messenger,
 * never on the page's body, until the way onward takes it.
 */
describe("the answer field by keyboard", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await page.setViewportSize({ width: 360, height: 640 });
    await joinForFree(page, "/webapp/station/1");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const input = () => page.getByLabel("Deine Antwort");
  const lena = (text: string) => messagesFrom(page, "Lena").filter({ hasText: text });
  /** Whether the answer field has the focus (`document.activeElement`). */
  const inField = () => input().evaluate((field) => field === document.activeElement);

  async function answer(text: string) {
    await input().fill(text);
    await page.keyboard.press("Enter");
  }

  it("puts the focus into the answer field after “Ja, starten”", async () => {
    await page.getByRole("button", { name: "Station starten" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Ja, starten" }).focus();
    await page.keyboard.press("Enter");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(inField).toBe(true);
    // Lena is still writing: the field takes nothing yet, but keeps the focus.
    expect(await input().isDisabled()).toBe(true);
    await lena("Welches Tier kräht").waitFor({ timeout: 20_000 });
    await expect.poll(() => input().isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await inField()).toBe(true);
  });

  it("keeps the focus in the field when an answer goes with Enter", async () => {
    await answer("Katze");
    await messagesFrom(page, "user").filter({ hasText: "Katze" }).waitFor();
    expect(await inField()).toBe(true);
    await lena("Kleiner Tipp").waitFor({ timeout: 15_000 });
    await expect.poll(() => input().isEnabled(), { timeout: 10_000 }).toBe(true);
    expect(await inField()).toBe(true);
  });

  it("says so when the same wrong answer goes again, and sends it not", async () => {
    await answer("Katze");
    await page.getByText("Das hast du schon versucht.", { exact: false }).waitFor();
    expect(await messagesFrom(page, "user").filter({ hasText: "Katze" }).count()).toBe(1);
    expect(await inField()).toBe(true);
    await settle(page);
    await screenshot(page, "answer-focus-01-repeated");
  });

  it("names the own answers for a screen reader, and links no message to this station", async () => {
    const own = messagesFrom(page, "user").filter({ hasText: "Katze" });
    expect(await own.locator(".visually-hidden").textContent()).toBe("Du: ");
    expect(await own.innerText()).toContain("Katze");
    // Every message of the thread is this station's: none carries a link.
    const log = page.getByRole("log", { name: "Nachrichten" });
    expect(await log.getByTestId("message").count()).toBeGreaterThan(4);
    expect(await log.getByRole("link").count()).toBe(0);
    await settle(page);
    await screenshot(page, "answer-focus-02-thread");
  });

  it("hands the focus to the way onward when the last answer ends the station", async () => {
    await answer("Gockel");
    await lena("Weiter geht's").waitFor({ timeout: 15_000 });
    const onward = page.getByRole("link", { name: "Weiter zur nächsten Station" });
    await onward.waitFor({ timeout: 10_000 });
    await expect.poll(() => onward.evaluate((link) => link === document.activeElement)).toBe(true);
    await settle(page);
    await screenshot(page, "answer-focus-03-done");
  });

  it("hands the focus from the hidden answer field to the first button when only buttons answer", async () => {
    await page.goto("/webapp/station/2");
    await page.getByRole("button", { name: "Station starten" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Ja, starten" }).focus();
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: "Die Aussicht" }).waitFor({ timeout: 20_000 });
    const first = page.getByRole("button", { name: "Den Fürstensaal" });
    await expect
      .poll(() => first.evaluate((button) => button === document.activeElement))
      .toBe(true);
  });

  it("keeps the focus off the page's body when a button answers, until the way onward takes it", async () => {
    // Counts every moment the body has the focus, from the tap on.
    await page.evaluate(() => {
      const marks = document.documentElement.dataset;
      marks.bodyFocus = "0";
      setInterval(() => {
        if (document.activeElement === document.body) {
          marks.bodyFocus = String(Number(marks.bodyFocus) + 1);
        }
      }, 5);
    });
    const view = page.getByRole("button", { name: "Die Aussicht" });
    await view.focus();
    await page.keyboard.press("Enter");
    await messagesFrom(page, "user").filter({ hasText: "Die Aussicht" }).waitFor();
    const philipp = messagesFrom(page, "Landgraf Philipp");
    await philipp.filter({ hasText: "Danke für deinen Besuch" }).waitFor({ timeout: 15_000 });
    const onward = page.getByRole("link", { name: "Weiter zur nächsten Station" });
    await onward.waitFor({ timeout: 10_000 });
    await expect.poll(() => onward.evaluate((link) => link === document.activeElement)).toBe(true);
    const bodyFocus = await page.evaluate(() => document.documentElement.dataset.bodyFocus);
    expect(bodyFocus).toBe("0");
    await settle(page);
    await screenshot(page, "answer-focus-04-button");
  });
});
