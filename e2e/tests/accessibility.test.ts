import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { contrastAndNameViolations } from "../support/axe";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { addToPack, demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { expectReachable } from "../support/reach";
import { repoRoot, startServer, type RunningServer } from "../support/server";

/** The demo's churchyard, which opens by its QR code, here from the list: a riddle, a photo. */
async function churchyardFromTheList(): Promise<string> {
  const yaml = await readFile(`${repoRoot}/content/demo/stations/14-kirchhof/station.yaml`, "utf8");
  const trigger = /^trigger: qr$/m;
  if (!trigger.test(yaml)) throw new Error("the churchyard no longer opens by its code");
  return yaml.replace(trigger, "trigger: list");
}

/**
 * A first-time player's screens on a 360 × 640 phone, checked by axe-core (WCAG 2 A and AA) for
 * contrast and names: home, the stations, a station's intro, its chat with answer buttons and a
 * photo mission (a refused file too), the result, the map and the menu; and a typed riddle.
 */
describe("a played station for everyone", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    pack = await demoPackWith({});
    await addToPack(pack, {
      "stations/14-kirchhof/station.yaml": await churchyardFromTheList(),
    });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await page.setViewportSize({ width: 360, height: 640 });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  /** Lets the screen come to rest, saves it, and expects axe to find nothing. */
  async function expectAccessible(name: string) {
    await settle(page);
    await screenshot(page, `a11y-${name}`);
    expect(await contrastAndNameViolations(page)).toEqual([]);
  }

  const fromTowerKeeper = () => messagesFrom(page, "Der Türmer");

  it("home and the stations", async () => {
    await joinForFree(page, "/webapp/");
    await page.getByRole("region", { name: "Eine Station in deiner Nähe" }).waitFor();
    await expectAccessible("home");
    await page.goto("/webapp/station");
    await page.getByRole("link", { name: /Der Lutherische Kirchhof/ }).waitFor();
    await expectAccessible("stations");
  });

  it("a station's intro and its chat with answer buttons", async () => {
    await page.goto("/webapp/station/14");
    await page.getByRole("heading", { name: "Der Lutherische Kirchhof" }).waitFor();
    await expectAccessible("station-intro");
    await startStation(page);
    await page.getByRole("button", { name: "Über hundert" }).waitFor({ timeout: 30_000 });
    await expectAccessible("station-buttons");
  });

  it("a photo mission; a refused file says why in its bubble, and the photo buttons stay", async () => {
    await page.getByRole("button", { name: "Über hundert" }).click();
    await page.getByRole("button", { name: "Foto aufnehmen" }).waitFor({ timeout: 30_000 });
    await page.getByRole("button", { name: "Lieber nicht" }).waitFor();
    await expectAccessible("mission");

    const refuse = () =>
      page.getByLabel("Aus der Galerie").setInputFiles({
        name: "Einkaufszettel.txt",
        mimeType: "text/plain",
        buffer: Buffer.from("Brot, Milch, Äpfel\n"),
      });
    await refuse();
    const refused = page.getByTestId("pending-upload");
    const reason = refused.getByText("Das ging nicht: Diese Datei kann das Spiel nicht annehmen.");
    await reason.waitFor({ timeout: 15_000 });
    // No broken picture: what cannot be shown is not shown.
    await expect
      .poll(() =>
        refused
          .locator("img")
          .evaluateAll((images: HTMLImageElement[]) => images.map((image) => image.naturalWidth)),
      )
      .not.toContain(0);
    await expectReachable(reason);
    await expectReachable(refused.getByRole("button", { name: "Verwerfen" }));
    // The way to try again: the photo buttons are there, and the next file takes its place.
    await expectReachable(page.getByRole("button", { name: "Foto aufnehmen" }));
    await expectAccessible("mission-refused");
    await refuse();
    await reason.waitFor();
    await expect.poll(() => refused.count()).toBe(1);
    await refused.getByRole("button", { name: "Verwerfen" }).click();
    await refused.waitFor({ state: "detached" });
  });

  it("the result, the map and the menu", async () => {
    await page.getByRole("button", { name: "Lieber nicht" }).click();
    await fromTowerKeeper().filter({ hasText: "Der Turm läuft nicht weg." }).waitFor();
    await page.getByRole("heading", { name: "Geschafft!" }).waitFor({ timeout: 30_000 });
    await expectAccessible("result");
    await page.goto("/webapp/map");
    await page.locator(".leaflet-container").waitFor();
    await expectAccessible("map");
    await page.getByRole("button", { name: "Menü" }).click();
    await page.getByRole("navigation", { name: "Hauptmenü" }).waitFor();
    await expectAccessible("menu");
  });

  it("a riddle answered by typing", async () => {
    await page.goto("/webapp/station/1");
    await startStation(page);
    const answer = page.getByLabel("Deine Antwort");
    await expect.poll(() => answer.isEnabled(), { timeout: 30_000 }).toBe(true);
    await answer.fill("Gockel");
    await page.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(page, "Lena").filter({ hasText: "Genau, der Gockel" }).waitFor();
    await page.getByRole("heading", { name: "Geschafft!" }).waitFor({ timeout: 30_000 });
    await expectAccessible("riddle");
  });
});
