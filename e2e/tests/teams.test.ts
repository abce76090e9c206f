import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { startStation } from "../support/play";
import { startServer, type RunningServer } from "../support/server";

/**
 * A pack with `allowTeams`: Anna founds a team by inviting, Ben opens the invitation link,
 * signs in on the way and joins; then both play one thread, delivered live to each phone.
 */
describe("teams", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let anna: Page;
  let ben: Page;
  let inviteLink = "";

  beforeAll(async () => {
    pack = await demoPackWith({ allowTeams: true });
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    const first = await phonePage(browser, server.url);
    await first.context.grantPermissions(["clipboard-read", "clipboard-write"]);
    anna = first.page;
    ben = (await phonePage(browser, server.url)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const fromLena = (page: Page) => page.locator('[data-testid="message"][data-originator="Lena"]');
  const fromUser = (page: Page) => page.locator('[data-testid="message"][data-originator="user"]');

  it("sends a player without team from the game views to /webapp/team", async () => {
    await anna.goto("/webapp/station");
    await anna.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await anna.waitForURL(/\/webapp\/team$/);
    await anna.getByRole("heading", { name: "Einem Team beitreten" }).waitFor();
    await screenshot(anna, "24-team");
  });

  it("creates an invitation: code, QR code, and a link to copy", async () => {
    await anna.getByRole("button", { name: "Einladung erstellen" }).click();
    const code = (await anna.getByTestId("invite-code").innerText()).trim();
    expect(code).toMatch(/^[A-Z0-9]{8}$/);
    const qr = anna.getByRole("img", { name: "QR-Code der Einladung" });
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml/);
    expect(await qr.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(528);

    await anna.getByRole("button", { name: "Link kopieren" }).click();
    await anna.getByText("Link kopiert.").waitFor();
    inviteLink = await anna.evaluate(() => navigator.clipboard.readText());
    expect(inviteLink).toBe(`${server.url}/webapp/team?tjr=${code}`);
    await screenshot(anna, "25-team-invite");
  });

  it("lets the founder into the game views", async () => {
    await anna.goto("/webapp/station");
    await anna.getByRole("link", { name: /Der Marktplatz/ }).waitFor({ timeout: 15_000 });
  });

  it("joins by the invitation link, through sign-in", async () => {
    await ben.goto(inviteLink);
    await ben.waitForURL(/\/webapp\/login\?target=/);
    expect(new URL(ben.url()).searchParams.get("target")).toBe(
      new URL(inviteLink).pathname + new URL(inviteLink).search,
    );
    await ben.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    // A new player loses nothing; the question says so, and who is in the team.
    const question = ben.getByRole("dialog", { name: "Diesem Team beitreten?" });
    expect(await question.innerText()).toContain("Du fängst mit dem Team neu an.");
    await question.getByRole("button", { name: "Ja, beitreten" }).click();
    await ben.getByRole("alert").filter({ hasText: "Du bist jetzt im Team." }).waitFor();
    await ben.waitForURL((url) => url.pathname.replace(/\/$/, "") === "/webapp");
    await screenshot(ben, "26-team-joined");
  });

  it("plays one thread: an answer on one phone shows on both", async () => {
    await anna.getByRole("link", { name: /Der Marktplatz/ }).click();
    await anna.waitForURL(/\/webapp\/station\/1$/);
    await startStation(anna);
    await ben.goto("/webapp/station/1");

    for (const page of [anna, ben]) {
      await fromLena(page).filter({ hasText: "Welches Tier kräht" }).waitFor({ timeout: 30_000 });
    }
    const input = anna.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 10_000 }).toBe(true);
    await input.fill("Gockel");
    await anna.getByRole("button", { name: "Senden" }).click();

    for (const page of [anna, ben]) {
      await fromUser(page).filter({ hasText: "Gockel" }).waitFor({ timeout: 15_000 });
      await fromLena(page).filter({ hasText: "Genau, der Gockel" }).waitFor({ timeout: 15_000 });
    }
    expect(await fromLena(ben).allInnerTexts()).toEqual(await fromLena(anna).allInnerTexts());
    await screenshot(anna, "27-team-chat-anna");
    await screenshot(ben, "28-team-chat-ben");
  });
});
