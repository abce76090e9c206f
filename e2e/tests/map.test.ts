import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { joinForFree, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** The map of the stations: markers by state, the player's position, a marker's card. */
describe("the map of the stations", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  const marker = (id: number) => page.getByTestId(`map-marker-${id}`);

  it("gets a station done and another running", async () => {
    await joinForFree(page, "/webapp/station/2");
    await startStation(page);
    await page.getByRole("button", { name: "Die Aussicht" }).click({ timeout: 20_000 });
    await page.getByText("Erledigt").first().waitFor({ timeout: 20_000 });
    await page.goto("/webapp/station/1");
    await startStation(page);
    await page.locator('[data-originator="Lena"]').first().waitFor({ timeout: 20_000 });
  });

  it("is linked from the station list and the menu", async () => {
    await page.goto("/webapp/station");
    await page.getByRole("link", { name: "Karte anzeigen" }).click();
    await page.waitForURL(/\/webapp\/map$/);
    await page.getByRole("button", { name: "Menü", exact: true }).click();
    await page
      .getByRole("navigation", { name: "Hauptmenü" })
      .getByRole("link", { name: "Karte" })
      .waitFor();
    await page.keyboard.press("Escape");
  });

  it("shows the stations by state over the demo's own map, and the player with its accuracy", async () => {
    await marker(1).waitFor();
    expect(await marker(1).getAttribute("data-state")).toBe("running");
    expect(await marker(2).getAttribute("data-state")).toBe("done");
    expect(await marker(3).getAttribute("data-state")).toBe("new");
    // Every station with a place, of every view: also the churchyard (by QR code), the Steinweg
    // (near), the Alte Universität, the Pfarrkirche, the Hexenturm, the Weidenhäuser Brücke and
    // the Grimm-Stube; the secret Kilianskapelle only once found.
    expect(await page.locator('[data-testid^="map-marker-"]').count()).toBe(10);
    for (const id of [4, 5, 7, 8, 9, 14, 15]) {
      expect(await marker(id).getAttribute("data-state")).toBe("new");
    }
    expect(await marker(6).count()).toBe(0);
    expect(await marker(3).getAttribute("role")).toBe("button");
    expect(await marker(3).getAttribute("aria-label")).toBe("Die Elisabethkirche – Neu");
    await page.getByTestId("map-you").waitFor();
    expect(await page.getByTestId("map-you").getAttribute("aria-label")).toBe(
      "Du bist hier, auf etwa 30 m genau",
    );
    expect(await page.locator("path.map-you__accuracy").count()).toBe(1);
    const image = page.locator("img.leaflet-image-layer");
    expect(await image.getAttribute("src")).toBe("/assets/webapp-data/map/oberstadt.svg");
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);
    await settle(page);
    await screenshot(page, "map-01-stations");
  });

  it("opens a marker's card and the station from there", async () => {
    await marker(3).click();
    const card = page.getByTestId("map-card");
    await card.getByRole("heading", { name: "Die Elisabethkirche" }).waitFor();
    expect(await card.innerText()).toMatch(/Neu[\s\S]*\d+ m entfernt/);
    await settle(page);
    await screenshot(page, "map-02-card");
    await card.getByRole("link", { name: "Station öffnen" }).click();
    await page.waitForURL(/\/webapp\/station\/3$/);
  });

  it("opens a station of another view in its own view", async () => {
    await page.goto("/webapp/map");
    await marker(9).click();
    const card = page.getByTestId("map-card");
    await card.getByRole("heading", { name: "Märchenstunde an der Pfarrkirche" }).waitFor();
    await card.getByRole("link", { name: "Station öffnen" }).click();
    await page.waitForURL(/\/webapp\/story\/9$/);
  });
});
