import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, marktplatz, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * What the console shows of the game as it runs: the teams that share their position on a map
 * (Anna and Ben form a team, Anna shares on her map), the feed that opens with the last hour
 * (the team's start before the console was opened), and the server instance with its pack
 * version.
 */
describe("the console's live view", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let anna: Page;
  let ben: Page;
  const policyErrors: string[] = [];

  const section = (name: string) => ops.getByRole("navigation").getByRole("link", { name });

  beforeAll(async () => {
    pack = await demoPackWith({ allowTeams: true });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    anna = (await phonePage(browser, server.url, marktplatz)).page;
    ben = (await phonePage(browser, server.url)).page;
    ops.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) policyErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  it("opens the feed with what a team did before the console was opened", async () => {
    await anna.goto("/webapp/team");
    await anna.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await anna.getByRole("button", { name: "Einladung erstellen" }).click();
    const code = (await anna.getByTestId("invite-code").innerText()).trim();
    await ben.goto(`/webapp/team?tjr=${code}`);
    await ben.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    // Joining asks first.
    await ben
      .getByRole("dialog", { name: "Diesem Team beitreten?" })
      .getByRole("button", { name: "Ja, beitreten" })
      .click();
    await ben.getByRole("alert").filter({ hasText: "Du bist jetzt im Team." }).waitFor();
    await anna.goto("/webapp/station/1");
    await startStation(anna);
    await messagesFrom(anna, "Lena").filter({ hasText: "Welches Tier kräht" }).waitFor({
      timeout: 30_000,
    });

    await signInNewOperator(ops, "anna", addOperator(server, "anna"), "Schwalbennest-42");
    const feed = ops.getByRole("region", { name: "Aktivität" }).getByRole("listitem");
    await feed.filter({ hasText: /hat Der Marktplatz gestartet$/ }).waitFor({ timeout: 15_000 });
    // Opening the console again shows it again.
    await ops.reload();
    await feed.filter({ hasText: /hat Der Marktplatz gestartet$/ }).waitFor({ timeout: 15_000 });
    await settle(ops);
    await screenshot(ops, "ops-live-00-overview");
  });

  it("shows a team on the map while a member shares the position", async () => {
    await section("Karte").click();
    await ops.getByRole("heading", { level: 1, name: "Karte" }).waitFor();
    await ops.getByText("Gerade teilt kein Team seinen Standort.").waitFor();
    await ops.locator(".leaflet-container").waitFor();

    await anna.goto("/webapp/map");
    await anna.getByRole("switch", { name: "Meinen Standort mit dem Team teilen" }).check();
    const member = ops.getByTestId("ops-map-member");
    await member.waitFor({ timeout: 15_000 });
    expect(await member.getAttribute("aria-label")).toMatch(/^Wanderer \d{4} \(.+\), gerade eben$/);
    expect(Number(await member.getAttribute("data-latitude"))).toBeCloseTo(marktplatz.latitude, 6);
    await ops
      .getByRole("region", { name: "Teams, die ihren Standort teilen" })
      .getByText("1 Mitglied teilt")
      .waitFor();
    await settle(ops);
    await screenshot(ops, "ops-live-01-team-map");

    await anna.getByRole("switch", { name: "Meinen Standort mit dem Team teilen" }).uncheck();
    await member.waitFor({ state: "detached", timeout: 15_000 });
  });

  it("lists the server's instance with its pack version, and its reload", async () => {
    await section("Export & Neuladen").click();
    const instances = ops.getByRole("table", { name: "Server-Instanzen" });
    await instances.getByText("keins seit dem Start").waitFor();
    await ops.getByRole("button", { name: "Paket neu laden" }).click();
    await instances.getByText(/: übernommen$/).waitFor({ timeout: 15_000 });
    await settle(ops);
    await screenshot(ops, "ops-live-02-instances");
    // Leaflet's map ran within the console's Content-Security-Policy.
    expect(policyErrors).toEqual([]);
  });
});
