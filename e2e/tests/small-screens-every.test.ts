import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { expectScreenFits, smallPhones } from "../support/reach";
import { startServer, type RunningServer } from "../support/server";

/** The smallest phone the app supports: 320 × 568. */
const smallest = smallPhones[1];

/**
 * Every screen of the app on the smallest phone, signed out and signed in, with a station's
 * chat running: nothing wider than the screen, every control of the screen (header, main area,
 * footer) reachable and not covered, the header and footer clear of the content.
 */
describe("every screen at 320 × 568", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let page: Page;

  beforeAll(async () => {
    pack = await demoPackWith({ teams: "optional" });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ({ page } = await phonePage(browser, server.url));
    await page.setViewportSize(smallest);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const main = () => page.locator("main");

  /** Opens `path`, waits for `shown` (a part of the screen) and checks the screen. */
  async function visit(path: string, shown: (main: Locator) => Locator, shot?: string) {
    await page.goto(path);
    await shown(main()).first().waitFor({ timeout: 15_000 });
    await settle(page);
    await expectScreenFits(page);
    if (shot !== undefined) await screenshot(page, shot);
  }

  const heading = (name: string | RegExp) => (scope: Locator) =>
    scope.getByRole("heading", { name });

  it("fits the screens of a visitor who is signed out", async () => {
    await visit("/webapp/login", heading("Willkommen!"), "every-320-login");
    await visit("/webapp/register", heading("Konto anlegen"));
    await visit("/webapp/password", (scope) => scope.getByRole("heading").first());
    await visit("/webapp/help", (scope) => scope.locator("summary"));
    await visit("/webapp/privacy", (scope) => scope.getByRole("heading").first());
    await visit("/webapp/nirgendwo", heading("Diese Seite gibt es nicht."));
  });

  it("fits home, the station list and the letter", async () => {
    await joinForFree(page, "/webapp/");
    await visit("/webapp/", (scope) =>
      scope.getByRole("region", { name: "Eine Station in deiner Nähe" }),
    );
    await visit("/webapp/station", (scope) => scope.getByRole("link", { name: /Der Marktplatz/ }));
    // The letter's button brings the first point, which opens the first story.
    await visit("/webapp/email/4", (scope) =>
      scope.getByRole("button", { name: "Worum geht es genau?" }),
    );
    await page.getByRole("button", { name: "Worum geht es genau?" }).click();
    await main().getByText("Erledigt", { exact: true }).first().waitFor({ timeout: 15_000 });
    await settle(page);
    await expectScreenFits(page);
  });

  it("leaves room around each of the footer's labels", async () => {
    const labels = page.locator(".footer-nav__link > span:not([class])");
    await expect.poll(() => labels.count()).toBe(4);
    const boxes = await labels.evaluateAll((spans) =>
      spans.map((span) => {
        const { left, right } = span.getBoundingClientRect();
        return { left, right };
      }),
    );
    const edges = [{ left: 0, right: 0 }, ...boxes, { left: smallest.width, right: 0 }];
    for (let i = 1; i < edges.length; i++) {
      const gap = (edges[i]?.left ?? 0) - (edges[i - 1]?.right ?? 0);
      expect(gap, `the space before label ${i}`).toBeGreaterThanOrEqual(4);
    }
  });

  it("fits a station's running chat with its answer field", async () => {
    await page.goto("/webapp/station/1");
    await startStation(page);
    const field = page.getByLabel("Deine Antwort");
    await messagesFrom(page, "Lena")
      .filter({ hasText: "Welches Tier kräht" })
      .waitFor({ timeout: 20_000 });
    await expect.poll(() => field.isEnabled(), { timeout: 10_000 }).toBe(true);
    await settle(page);
    await expectScreenFits(page);
    await screenshot(page, "every-320-chat");
    // The answer field sits above the footer, clear of it.
    const box = await field.boundingBox();
    const footer = await page.getByRole("navigation", { name: "Bereiche" }).boundingBox();
    expect((box?.y ?? Infinity) + (box?.height ?? 0)).toBeLessThanOrEqual(footer?.y ?? 0);
  });

  it("fits the map, the news, the points and the stories", async () => {
    await visit("/webapp/map", () => page.locator(".leaflet-container"));
    await visit("/webapp/news", (scope) => scope.locator(".news-history, .empty-state"));
    await visit("/webapp/points", (scope) => scope.getByText(/Märchenlehrling|Wanderer/));
    await visit("/webapp/stories", (scope) =>
      scope.getByRole("link", { name: "Zwei Studenten in Marburg" }),
    );
    await visit("/webapp/stories/1", heading("Zwei Studenten in Marburg"), "every-320-story");
  });

  it("fits the team's screen: the join form, then an invitation with its QR code", async () => {
    await visit("/webapp/team", (scope) => scope.getByLabel("Einladungscode"));
    await page.getByRole("button", { name: "Einladung erstellen" }).click();
    await main().getByRole("img", { name: "QR-Code der Einladung" }).waitFor();
    await settle(page);
    await expectScreenFits(page);
    await screenshot(page, "every-320-team-invite");
  });

  it("fits help, the intro, privacy, the password and the scoreboard", async () => {
    await visit("/webapp/help", (scope) => scope.locator("summary"));
    await visit("/webapp/intro", (scope) => scope.getByRole("button").first());
    await visit("/webapp/privacy", (scope) => scope.getByRole("heading").first());
    await visit("/webapp/password", (scope) => scope.getByRole("heading").first());
    await visit("/webapp/scoreboard", (scope) => scope.getByRole("list", { name: "Rangliste" }));
  });

  it("fits the page that deletes the account", async () => {
    await visit("/webapp/end", (scope) => scope.getByRole("button", { name: "Konto löschen" }));
  });
});
