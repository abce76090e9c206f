import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { settle } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * Team members on the map: Anna and Ben form a team, each turns sharing on (it is off at
 * first), each sees the other's marker, Ben walks and Anna sees him move, Ben stops sharing
 * and his marker goes from Anna's map.
 */
describe("team members on the map", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let anna: Page;
  let ben: Page;
  let benContext: BrowserContext;
  const steinweg = { latitude: 50.8083, longitude: 8.7717 };
  const further = { latitude: 50.8078, longitude: 8.7725 };

  beforeAll(async () => {
    pack = await demoPackWith({ allowTeams: true });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    anna = (await phonePage(browser, server.url, marktplatz)).page;
    ({ context: benContext, page: ben } = await phonePage(browser, server.url, steinweg));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const mates = (page: Page) => page.locator('[data-testid^="map-mate-"]');
  const shareSwitch = (page: Page) =>
    page.getByRole("switch", { name: "Meinen Standort mit dem Team teilen" });

  it("forms a team of Anna and Ben", async () => {
    await anna.goto("/webapp/team");
    await anna.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await anna.getByRole("button", { name: "Einladung erstellen" }).click();
    const code = (await anna.getByTestId("invite-code").innerText()).trim();
    await ben.goto(`/webapp/team?tjr=${code}`);
    await ben.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    const question = ben.getByRole("dialog", { name: "Diesem Team beitreten?" });
    await question.getByRole("button", { name: "Ja, beitreten" }).click();
    await ben.getByRole("alert").filter({ hasText: "Du bist jetzt im Team." }).waitFor();
  });

  it("shares nobody's position until the member turns it on", async () => {
    for (const page of [anna, ben]) {
      await page.goto("/webapp/map");
      await page.getByTestId("map-marker-1").waitFor();
      expect(await shareSwitch(page).isChecked()).toBe(false);
    }
    await anna.waitForTimeout(500);
    expect(await mates(anna).count()).toBe(0);
    expect(await mates(ben).count()).toBe(0);
  });

  it("shows each member to the other once both share", async () => {
    await shareSwitch(anna).check();
    await shareSwitch(ben).check();
    const benOnAnnas = mates(anna);
    await benOnAnnas.waitFor();
    expect(await benOnAnnas.getAttribute("aria-label")).toMatch(
      /^Wanderer \d{4} \(Team\), gerade eben$/,
    );
    expect(Number(await benOnAnnas.getAttribute("data-latitude"))).toBeCloseTo(
      steinweg.latitude,
      6,
    );
    await mates(ben).waitFor();
    expect(Number(await mates(ben).getAttribute("data-latitude"))).toBeCloseTo(
      marktplatz.latitude,
      6,
    );
    expect(await mates(anna).count()).toBe(1);
    await anna
      .getByTestId("map-teammates")
      .getByText(/Wanderer \d{4} \(Team\), gerade eben/)
      .waitFor();
    await settle(anna);
    await screenshot(anna, "team-map-01-sharing");
  });

  it("moves Ben on Anna's map as he walks", async () => {
    await benContext.setGeolocation({ ...further, accuracy: 20 });
    await expect
      .poll(async () => Number(await mates(anna).getAttribute("data-latitude")), {
        timeout: 15_000,
      })
      .toBeCloseTo(further.latitude, 6);
    expect(Number(await mates(anna).getAttribute("data-longitude"))).toBeCloseTo(
      further.longitude,
      6,
    );
  });

  it("takes Ben off Anna's map when he stops sharing, and keeps it off after a reload", async () => {
    await shareSwitch(ben).uncheck();
    await mates(anna).waitFor({ state: "detached" });
    await ben.reload();
    await ben.getByTestId("map-marker-1").waitFor();
    expect(await shareSwitch(ben).isChecked()).toBe(false);
    await anna.waitForTimeout(500);
    expect(await mates(anna).count()).toBe(0);
    // Anna still shares: Ben sees her.
    await mates(ben).waitFor();
  });
});
