import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * The header menu and the footer's "More" by keyboard alone (spec 2): they open from their
 * buttons, the arrow keys move the focus through their items (wrapping at either end), Escape
 * closes them and gives the focus back to their button, Tab closes them.
 */
describe("keyboard navigation of the menus", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await joinForFree(page, "/webapp/");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const menuButton = () => page.getByRole("button", { name: "Menü" });
  const menu = () => page.getByRole("navigation", { name: "Hauptmenü" });
  const moreButton = () =>
    page.getByRole("navigation", { name: "Bereiche" }).getByRole("button", { name: "Mehr" });
  const moreList = () => page.getByRole("list", { name: "Weitere Bereiche" });

  /** The focused element's text; whether the focus fell back to the body; whether it is on `locator`. */
  const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim() ?? "");
  const focusLost = () =>
    page.evaluate(
      () => document.activeElement === null || document.activeElement === document.body,
    );
  const isFocused = (locator: Locator) =>
    locator.evaluate((element) => element === document.activeElement);
  const itemsOf = (container: Locator, selector: string) =>
    container
      .locator(selector)
      .evaluateAll((items) => items.map((item) => item.textContent?.trim() ?? ""));

  async function openByKeyboard(button: Locator) {
    await button.focus();
    await page.keyboard.press("Enter");
    expect(await button.getAttribute("aria-expanded")).toBe("true");
  }

  it("opens the menu from its button and focuses the first item", async () => {
    await openByKeyboard(menuButton());
    await menu().waitFor();
    expect(await focused()).toBe("Neuigkeiten");
  });

  it("moves through every item with the arrows, Left and Right like Up and Down, wrapping at both ends", async () => {
    // The map's item comes with the game's texts, the account's with the account: on a busy
    // machine the menu may open before both arrived.
    const items = [
      "Neuigkeiten",
      "Stationen",
      "Karte",
      "Geschichten",
      "Hilfe",
      "Datenschutz",
      "Deutsch (du)",
      "Deutsch (Sie)",
      "English",
      "Spielstand sichern",
      "Konto löschen",
      "Abmelden",
    ];
    await expect.poll(() => itemsOf(menu(), "a, button")).toEqual(items);
    for (const item of [...items.slice(1), items[0]]) {
      await page.keyboard.press("ArrowDown");
      expect(await focused()).toBe(item);
    }
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("Abmelden");
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe("Konto löschen");
    // Left and Right move like Up and Down.
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("Abmelden");
    await page.keyboard.press("ArrowRight");
    expect(await focused()).toBe("Neuigkeiten");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("Abmelden");
    await page.keyboard.press("ArrowLeft");
    expect(await focused()).toBe("Konto löschen");
    // The arrows move the focus only: the page did not scroll.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await screenshot(page, "keyboard-01-menu-focus");
  });

  it("closes the menu with Escape and gives the focus back to its button", async () => {
    await page.keyboard.press("Escape");
    await menu().waitFor({ state: "detached" });
    expect(await menuButton().getAttribute("aria-expanded")).toBe("false");
    expect(await isFocused(menuButton())).toBe(true);
  });

  it("follows a menu item chosen by keyboard", async () => {
    await openByKeyboard(menuButton());
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    expect(await focused()).toBe("Geschichten");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/webapp\/stories$/);
    await menu().waitFor({ state: "detached" });
    // The stories' screen is shown, not its loading line, before the next test tabs into it.
    await page.getByText("Einen Moment …").waitFor({ state: "detached" });
  });

  it("closes the menu with Tab", async () => {
    await openByKeyboard(menuButton());
    await menu().waitFor();
    await page.keyboard.press("Tab");
    await menu().waitFor({ state: "detached" });
    expect(await menuButton().getAttribute("aria-expanded")).toBe("false");
    // The focus moves on in the page; it is not dropped with the menu.
    expect(await focusLost()).toBe(false);
  });

  it("opens and closes the menu with its button and its backdrop", async () => {
    await menuButton().click();
    await menu().waitFor();
    await menuButton().click();
    await menu().waitFor({ state: "detached" });
    await menuButton().click();
    await page.locator(".menu-backdrop").click({ position: { x: 380, y: 800 } });
    await menu().waitFor({ state: "detached" });
  });

  it("works the footer's More the same way", async () => {
    await openByKeyboard(moreButton());
    await moreList().waitFor();
    const items = await itemsOf(moreList(), "a");
    expect(items).toEqual(expect.arrayContaining(["Punkte", "Rangliste"]));
    expect(await focused()).toBe(items[0]);
    for (const item of [...items.slice(1), items[0]]) {
      await page.keyboard.press("ArrowDown");
      expect(await focused()).toBe(item);
    }
    await page.keyboard.press("ArrowUp");
    expect(await focused()).toBe(items.at(-1));
    await screenshot(page, "keyboard-02-more-focus");

    await page.keyboard.press("Escape");
    await moreList().waitFor({ state: "detached" });
    expect(await isFocused(moreButton())).toBe(true);

    await openByKeyboard(moreButton());
    await moreList().waitFor();
    await page.keyboard.press("Tab");
    await moreList().waitFor({ state: "detached" });
    expect(await moreButton().getAttribute("aria-expanded")).toBe("false");
    expect(await focusLost()).toBe(false);
  });
});
