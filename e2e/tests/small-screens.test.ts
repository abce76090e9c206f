import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, settle } from "../support/play";
import { expectDialogUsable, expectReachable, smallPhones } from "../support/reach";
import { startServer, type RunningServer } from "../support/server";

/** An urgent news of a host's usual length: eleven lines at 360 px before it was compact. */
const URGENT =
  "Wegen eines Gottesdienstes ist die Elisabethkirche heute zwischen 14 und 16 Uhr geschlossen. " +
  "Geht stattdessen zur Pfarrkirche St. Marien: Dort wartet eine neue Figur mit einer Geschichte " +
  "über den Kirchturm auf euch. Danach geht es wie gewohnt weiter – viel Spaß!";

/**
 * The app on small phones (360 × 640 and 320 × 568): the menu's last entries, every dialog's
 * buttons and the urgent news' button can be reached and used; the urgent news stays compact.
 */
describe("small phones", () => {
  const operatorToken = "small-screens-operator-token-".padEnd(40, "x");
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let anna: Page;
  let carla: Page;
  let code = "";

  beforeAll(async () => {
    pack = await demoPackWith({ teams: "optional" });
    server = await startServer({ CONTENT_DIR: pack.dir, OPERATOR_TOKEN: operatorToken });
    browser = await launchBrowser();
    anna = (await phonePage(browser, server.url)).page;
    carla = (await phonePage(browser, server.url)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const menu = (page: Page) => page.getByRole("navigation", { name: "Hauptmenü" });

  async function openMenu(page: Page) {
    await page.getByRole("button", { name: "Menü" }).click();
    await menu(page).waitFor();
  }

  it("reaches the menu's last entries by scrolling and by the keyboard", async () => {
    await joinForFree(anna, "/webapp/");
    for (const size of smallPhones) {
      await anna.setViewportSize(size);
      await openMenu(anna);
      const logout = menu(anna).getByRole("button", { name: "Abmelden" });
      // The arrow keys wrap from the first entry to the last one, which scrolls into view.
      await anna.keyboard.press("ArrowUp");
      await expect
        .poll(() => logout.evaluate((button) => button === document.activeElement))
        .toBe(true);
      await expectReachable(logout);
      await settle(anna);
      await screenshot(anna, `small-menu-end-${size.width}`);
      for (const name of ["Spielstand sichern", "Konto löschen", "Neuigkeiten"]) {
        await expectReachable(menu(anna).getByRole("link", { name }));
      }
      await anna.keyboard.press("Escape");
      await menu(anna).waitFor({ state: "detached" });
    }
  });

  it("signs out and deletes the account from the menu: both questions fit", async () => {
    await openMenu(anna);
    await menu(anna).getByRole("button", { name: "Abmelden" }).click();
    await anna.getByRole("dialog", { name: "Abmelden?" }).waitFor();
    await expectDialogUsable(anna);
    await anna.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();

    // "No" leaves the menu open.
    const end = menu(anna).getByRole("link", { name: "Konto löschen" });
    await end.scrollIntoViewIfNeeded();
    await end.click();
    await anna.waitForURL(/\/webapp\/end$/);
    const remove = anna.locator("main").getByRole("button", { name: "Konto löschen" });
    await expectReachable(remove);
    await remove.click();
    await anna.getByRole("dialog", { name: "Konto löschen?" }).waitFor();
    await expectDialogUsable(anna);
    await settle(anna);
    await screenshot(anna, "small-dialog-delete-account");
    await anna.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
  });

  it("asks to start, to switch and to end a station with reachable buttons", async () => {
    await joinForFree(carla, "/webapp/station/1");
    await carla.setViewportSize(smallPhones[1]);
    const start = carla.getByRole("button", { name: "Station starten" });
    await expectReachable(start);
    await start.click();
    await carla.getByRole("dialog", { name: "Station starten?" }).waitFor();
    await expectDialogUsable(carla);
    await carla.getByRole("dialog").getByRole("button", { name: "Ja, starten" }).click();
    await carla.getByRole("button", { name: "Station beenden" }).waitFor();

    await carla.goto("/webapp/station/2");
    await carla.getByRole("button", { name: "Station starten" }).click();
    await carla.getByRole("dialog", { name: "Station wechseln?" }).waitFor();
    await expectDialogUsable(carla);
    await settle(carla);
    await screenshot(carla, "small-dialog-switch");
    await carla.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();

    await carla.goto("/webapp/station/1");
    // The chat scrolls to its end on opening; then the player scrolls back up.
    await carla.getByTestId("message").first().waitFor();
    await settle(carla);
    const cancel = carla.getByRole("button", { name: "Station beenden" });
    await expectReachable(cancel);
    await cancel.click();
    await carla.getByRole("dialog", { name: "Station beenden?" }).waitFor();
    await expectDialogUsable(carla);
    await carla.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
  });

  it("asks before joining a team with reachable buttons", async () => {
    await anna.goto("/webapp/team");
    await anna.getByRole("button", { name: "Einladung erstellen" }).click();
    code = (await anna.getByTestId("invite-code").innerText()).trim();
    await carla.goto(`/webapp/team?tjr=${code}`);
    await carla.getByRole("dialog", { name: "Diesem Team beitreten?" }).waitFor();
    await expectDialogUsable(carla);
    await settle(carla);
    await screenshot(carla, "small-dialog-team");
    await carla.getByRole("dialog").getByRole("button", { name: "Abbrechen" }).click();
  });

  it("keeps the urgent news compact, its button never covered by a message", async () => {
    const response = await fetch(`${server.url}/api/ops/news`, {
      method: "POST",
      headers: { authorization: `Bearer ${operatorToken}`, "content-type": "application/json" },
      body: JSON.stringify({ text: { de: URGENT, en: URGENT }, urgent: true }),
    });
    expect(response.status, await response.text()).toBe(200);
    await anna.setViewportSize(smallPhones[0]);
    const banner = anna.getByRole("alert").filter({ hasText: "Wichtig:" });
    await banner.waitFor();
    const height = (await banner.boundingBox())?.height ?? Infinity;
    expect(height).toBeLessThanOrEqual(640 * 0.2);
    // The rest of the text is a tap away.
    await banner.getByRole("button", { name: "Mehr lesen" }).click();
    const text = banner.getByText(URGENT.slice(-20));
    await expect.poll(() => text.evaluate((p) => p.scrollHeight <= p.clientHeight)).toBe(true);
    await banner.getByRole("button", { name: "Weniger" }).click();

    // Anna is a member of her team already: joining it again says so in a message.
    await anna.getByLabel("Einladungscode").fill(code);
    await anna.getByRole("button", { name: "Beitreten" }).click();
    await anna.locator(".flash").waitFor();
    await settle(anna);
    await screenshot(anna, "small-urgent-and-flash");
    await expectReachable(banner.getByRole("button", { name: "Verstanden" }));
    await expectReachable(anna.locator(".flash").getByRole("button"));
  });
});
