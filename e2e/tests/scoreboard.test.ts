import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, settle, startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/** Generated names of teams whose founder is anonymous: "Team Falke 42". */
const teamName = /^Team \S+ \d{2}$/;

type Row = { rank: string; name: string; points: string; you: boolean };

/**
 * The scoreboard with `allowTeams`: Anna and Ben play as one team, Carla as a team of her own.
 * When Anna earns points, the scoreboard Ben has open follows at once (the team's stream brings
 * him the playerstatus), and Carla's follows with its 30 s refresh; neither page reloads.
 */
describe("scoreboard with teams", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let anna: Page;
  let ben: Page;
  let carla: Page;

  beforeAll(async () => {
    pack = await demoPackWith({ allowTeams: true });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    const open = async (b: Browser) => (await phonePage(b, server.url)).page;
    anna = await open(browser);
    ben = await open(browser);
    carla = await open(browser);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  async function rows(page: Page): Promise<Row[]> {
    return page
      .getByRole("list", { name: "Rangliste" })
      .getByRole("listitem")
      .evaluateAll((items) =>
        items.map((item) => ({
          rank: item.querySelector(".scoreboard__rank")?.lastChild?.textContent?.trim() ?? "",
          name: item.querySelector(".scoreboard__name")?.firstChild?.textContent?.trim() ?? "",
          points: item.querySelector(".scoreboard__points")?.textContent?.trim() ?? "",
          you: item.getAttribute("aria-current") === "true",
        })),
      );
  }

  const heading = (page: Page) => page.getByRole("heading", { name: /^Du bist auf Platz \d+$/ });

  /** Signs up for free and founds a team by creating an invitation; returns its code. */
  async function foundTeam(page: Page): Promise<string> {
    await joinForFree(page, "/webapp/team");
    await page.getByRole("button", { name: "Einladung erstellen" }).click();
    return (await page.getByTestId("invite-code").innerText()).trim();
  }

  /** Leaves a mark in the page's window: it is gone if the page loads again. */
  const markPage = (page: Page) =>
    page.evaluate(() => document.documentElement.setAttribute("data-not-reloaded", "yes"));
  const notReloaded = async (page: Page) =>
    (await page.evaluate(() => document.documentElement.dataset.notReloaded)) === "yes";

  it("ranks Carla's team after she read the letter", async () => {
    // Carla's clock is the browser's own, but the test may move it on.
    await carla.clock.install();
    await foundTeam(carla);
    await carla.goto("/webapp/email/4");
    await carla.getByRole("button", { name: "Na klar!" }).click({ timeout: 15_000 });
    await carla.locator(".station__intro").getByText("Erledigt", { exact: true }).waitFor();

    await carla.goto("/webapp/scoreboard");
    await heading(carla).waitFor();
    expect(await heading(carla).innerText()).toBe("Du bist auf Platz 1");
    const [own] = await rows(carla);
    expect(own).toMatchObject({ rank: "1", points: "1 Punkt", you: true });
    expect(own?.name).toMatch(teamName);
    await markPage(carla);
  });

  it("shows a new team, Anna's with Ben, below the teams with points", async () => {
    const code = await foundTeam(anna);
    await joinForFree(ben, "/webapp/team");
    await ben.getByLabel("Einladungscode").fill(code.toLowerCase());
    await ben.getByRole("button", { name: "Beitreten" }).click();
    await ben
      .getByRole("dialog", { name: "Diesem Team beitreten?" })
      .getByRole("button", { name: "Ja, beitreten" })
      .click();
    await ben.getByRole("alert").filter({ hasText: "Du bist jetzt im Team." }).waitFor();

    await ben.goto("/webapp/scoreboard");
    await heading(ben).waitFor();
    expect(await heading(ben).innerText()).toBe("Du bist auf Platz 2");
    const [carlas, bens] = await rows(ben);
    expect(carlas).toMatchObject({ rank: "1", points: "1 Punkt", you: false });
    expect(bens).toMatchObject({ rank: "2", points: "0 Punkte", you: true });
    expect(bens?.name).toMatch(teamName);
    expect(bens?.name).not.toBe(carlas?.name);
    await markPage(ben);
    await screenshot(ben, "scoreboard-01-before");
  });

  it("updates Ben's open scoreboard at once when Anna earns points for the team", async () => {
    const before = await rows(ben);
    await anna.goto("/webapp/archive/7");
    await startStation(anna);
    await anna.getByRole("button", { name: "Rapunzel" }).click({ timeout: 15_000 });
    await anna.locator(".station__intro").getByText("Erledigt", { exact: true }).waitFor();

    // Well within the 30 s refresh: the team's playerstatus made Ben's board refetch.
    await expect
      .poll(() => heading(ben).innerText(), { timeout: 5_000 })
      .toBe("Du bist auf Platz 1");
    const [team, carlas] = await rows(ben);
    expect(team).toMatchObject({ rank: "1", points: "2 Punkte", you: true, name: before[1]?.name });
    expect(carlas).toMatchObject({ rank: "2", points: "1 Punkt", you: false });
    expect(await notReloaded(ben)).toBe(true);
    await settle(ben);
    await screenshot(ben, "scoreboard-02-ben-live");

    // Anna sees the same team row, marked as her own.
    await anna.goto("/webapp/scoreboard");
    await heading(anna).waitFor();
    expect((await rows(anna))[0]).toEqual(team);
  });

  it("updates Carla's open scoreboard with its 30 s refresh", async () => {
    expect(await heading(carla).innerText()).toBe("Du bist auf Platz 1");
    await carla.clock.fastForward(30_000);
    await expect
      .poll(() => heading(carla).innerText(), { timeout: 5_000 })
      .toBe("Du bist auf Platz 2");
    const [leader, own] = await rows(carla);
    expect(leader).toMatchObject({ rank: "1", points: "2 Punkte", you: false });
    expect(leader?.name).toMatch(teamName);
    expect(own).toMatchObject({ rank: "2", points: "1 Punkt", you: true });
    expect(await notReloaded(carla)).toBe(true);
    await settle(carla);
    await screenshot(carla, "scoreboard-03-carla-refreshed");
  });
});
