import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/** The figures of one station in the console's table, by column name. */
async function funnelRow(page: Page, title: string): Promise<Record<string, string>> {
  const table = page.getByRole("table", { name: "Stationen in Zahlen" });
  const headers = await table.locator("thead th").allInnerTexts();
  const cells = await table
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: title, exact: true }) })
    .locator("th, td")
    .allInnerTexts();
  return Object.fromEntries(headers.map((header, index) => [header.trim(), cells[index] ?? ""]));
}

/**
 * The operators' console at /ops/ against the real server: an operator signs in on a phone;
 * a player on another phone starts the first station and the console shows it live; news
 * reach the player's home at once and after a reload, each after a confirmation; the CSV export
 * for German Excel; a changed pack reloaded while the player waits at a question, whose next
 * answer gets the new script's reply; the operator's own password, first and changed; a
 * colleague added on the team page, and given the author role there.
 */
describe("the operators' console", () => {
  let pack: GamePack;
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;
  let playerName = "";
  const policyErrors: string[] = [];

  const feed = () => ops.getByRole("region", { name: "Aktivität" }).getByRole("listitem");
  const section = (name: string) => ops.getByRole("navigation").getByRole("link", { name });

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    player = (await phonePage(browser, server.url)).page;
    ops.on("console", (message) => {
      if (/Content.Security.Policy/i.test(message.text())) policyErrors.push(message.text());
    });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  it("signs an operator in at /ops/", async () => {
    const password = addOperator(server, "anna");
    await ops.goto("/ops");
    expect(new URL(ops.url()).pathname).toBe("/ops/");
    await ops.getByRole("heading", { name: "Anmelden" }).waitFor();
    await ops.getByLabel("Name").fill("anna");
    await ops.getByLabel("Passwort").fill("not the password");
    await ops.getByRole("button", { name: "Anmelden" }).click();
    await ops.getByRole("alert").filter({ hasText: "Name oder Passwort stimmt nicht." }).waitFor();
    await screenshot(ops, "40-ops-sign-in");

    await ops.getByLabel("Passwort").fill(password);
    await ops.getByRole("button", { name: "Anmelden" }).click();

    // A one-time password of the command line: the operator chooses their own first.
    await ops.getByRole("heading", { name: "Eigenes Passwort wählen" }).waitFor();
    await ops.getByLabel("Einmalpasswort").fill(password);
    await ops.getByLabel("Neues Passwort", { exact: true }).fill("Schwalbennest-42");
    await ops.getByLabel("Neues Passwort wiederholen").fill("Schwalbennest-42");
    await screenshot(ops, "40-ops-first-password");
    await ops.getByRole("button", { name: "Passwort ändern" }).click();
    await ops.getByRole("heading", { level: 1, name: "Übersicht" }).waitFor();
    await ops.getByText("Angemeldet als anna").waitFor();
    await ops.getByRole("status", { name: "Live-Daten: Live" }).waitFor({ timeout: 15_000 });
  });

  it("shows a player's start live: the activity feed and the funnel", async () => {
    await joinForFree(player, "/webapp/station/1");
    await startStation(player);
    await messagesFrom(player, "Lena").filter({ hasText: "Welches Tier kräht" }).waitFor({
      timeout: 30_000,
    });

    const started = feed().filter({ hasText: /hat Der Marktplatz gestartet$/ });
    await started.waitFor({ timeout: 15_000 });
    playerName = /\d{2}:\d{2}:\d{2}\s*(.+) hat Der Marktplatz gestartet$/.exec(
      (await started.innerText()).replace(/\n/g, " "),
    )?.[1] as string;
    expect(playerName).toMatch(/\S/);
    await expect
      .poll(() => funnelRow(ops, "Der Marktplatz"), { timeout: 15_000 })
      .toMatchObject({ Gestartet: "1", Läuft: "1", Geschafft: "0" });
    await settle(ops);
    await screenshot(ops, "41-ops-overview");
  });

  /** Writes news in the console's composer and sends it; the station linked by its title. */
  async function sendNews(de: string, en: string, station?: string): Promise<void> {
    await section("Neuigkeiten").click();
    await ops.getByLabel("Deutsch (du)", { exact: true }).fill(de);
    await ops.getByLabel("Englisch", { exact: true }).fill(en);
    if (station !== undefined) {
      await ops.getByLabel("Verweis auf eine Station (freiwillig)").selectOption(station);
      const preview = ops.getByRole("figure", { name: "So sehen es Spieler auf Deutsch" });
      await preview.getByText(`Zu „${station}“`).waitFor();
      await screenshot(ops, "42-ops-news-preview");
    }
    await ops.getByRole("button", { name: "An alle Spieler senden" }).click();
    // Asked first: the players it reaches, the languages written and the one missing.
    const question = ops.getByRole("group", {
      name: /^Diese Neuigkeit an (alle )?\d+ Spieler senden\?$/,
    });
    await question.waitFor();
    await ops.getByText("Geschrieben auf: Deutsch, Englisch.").waitFor();
    await ops.getByText(/^Nicht geschrieben auf Deutsch \(Sie\): \d+ Spieler/).waitFor();
    if (station !== undefined) await screenshot(ops, "42-ops-news-confirm");
    await question.getByRole("button", { name: /^Ja, an \d+ Spieler senden$/ }).click();
    await ops.getByRole("status").filter({ hasText: "Die Neuigkeit wurde gesendet." }).waitFor();
    await ops.getByRole("list", { name: "Gesendete Neuigkeiten" }).getByText(en).waitFor();
  }

  const homeNews = (text: RegExp): Locator =>
    player.getByRole("region", { name: "Neuigkeiten" }).getByText(text);

  it("sends news that the player's home shows at once", async () => {
    await player.goto("/webapp/");
    await player
      .getByRole("link", { name: /Der Marktplatz/ })
      .first()
      .waitFor();
    await sendNews(
      "Heute um 18 Uhr: Führung am Rathaus.\nBis dann!",
      "Today at 6 pm: a tour at the town hall.",
      "Der Marktplatz",
    );
    await homeNews(/Führung am Rathaus/).waitFor({ timeout: 10_000 });
    // The news is shown as chat text: its line break is one.
    const item = player.locator(".news-item__text").filter({ hasText: "Führung am Rathaus" });
    expect(await item.innerText()).toBe("Heute um 18 Uhr: Führung am Rathaus.\nBis dann!");
    await player.getByRole("link", { name: "Zu „Der Marktplatz“" }).waitFor();
    await screenshot(player, "43-ops-news-on-home");
  });

  it("marks the bell of a player elsewhere at once; home shows the news after a reload", async () => {
    await player.goto("/webapp/station/1");
    await messagesFrom(player, "Lena").filter({ hasText: "Welches Tier kräht" }).waitFor();
    await sendNews("Der Turm ist heute geschlossen.", "The tower is closed today.");
    await player.getByTestId("bell-marker").waitFor({ timeout: 10_000 });

    await player.reload();
    await player.getByRole("link", { name: /^Neuigkeiten – / }).click();
    await homeNews(/Der Turm ist heute geschlossen/).waitFor({ timeout: 15_000 });
  });

  /** Downloads the export's table behind the link `name`: its rows of cells, split on `;`. */
  async function download(name: string): Promise<{ file: string; rows: string[][] }> {
    const [file] = await Promise.all([
      ops.waitForEvent("download"),
      ops.getByRole("link", { name }).click(),
    ]);
    const text = await readFile(await file.path(), "utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = text
      .slice(1)
      .trimEnd()
      .split("\r\n")
      .map((row) => row.split(";"));
    return { file: file.suggestedFilename(), rows };
  }

  it("exports the players and their stations for German Excel: semicolons, local times", async () => {
    await section("Export & Neuladen").click();
    expect(await ops.getByLabel("Trennzeichen").inputValue()).toBe("semicolon");
    await ops.getByText(/^Zeiten in der Zeitzone dieses Computers: /).waitFor();
    await screenshot(ops, "46-ops-export");

    const players = await download("Spieler (CSV)");
    expect(players.file).toMatch(/^wegmarke-players-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(players.rows[0]?.slice(0, 5)).toEqual(["id", "name", "team", "points", "stations done"]);
    expect(players.rows).toHaveLength(2);
    expect(players.rows[1]?.slice(1, 5)).toEqual([playerName, "", "0", "0"]);

    const stations = await download("Stationen und Antworten (CSV)");
    expect(stations.file).toMatch(/^wegmarke-stations-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(stations.rows[0]?.slice(0, 7)).toEqual([
      "player id",
      "name",
      "team",
      "station id",
      "station",
      "status",
      expect.stringMatching(/^started \(.+\)$/),
    ]);
    expect(stations.rows[1]?.slice(1, 6)).toEqual([
      playerName,
      "",
      "1",
      "Der Marktplatz",
      "running",
    ]);
    expect(stations.rows[1]?.[6]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("reloads a changed pack while the player waits at a question: the answer gets a reply", async () => {
    await player.goto("/webapp/station/1");
    const script = join(pack.dir, "stations/1-marktplatz/script.de.ink");
    const original = await readFile(script, "utf8");

    // A pack with a broken script is refused with its problems; the running one stays.
    await writeFile(script, original.replace("-> frage", "-> nirgendwo"));
    await ops.getByRole("button", { name: "Paket neu laden" }).click();
    const refused = ops.getByRole("alert").filter({ hasText: "Das Paket wurde abgelehnt" });
    await refused.waitFor();
    expect(await refused.getByRole("listitem").allInnerTexts()).toEqual([
      expect.stringMatching(/^stations\/1-marktplatz\/script\.de\.ink:\d+: .*nirgendwo/),
    ]);
    await screenshot(ops, "44-ops-reload-refused");

    await writeFile(script, original.replace("Genau, der Gockel!", "Richtig, der Gockel!"));
    await ops.getByRole("button", { name: "Paket neu laden" }).click();
    await ops
      .getByRole("status")
      .filter({ hasText: /^Das Paket wurde neu geladen: Version / })
      .waitFor();

    const input = player.getByLabel("Deine Antwort");
    await expect.poll(() => input.isEnabled(), { timeout: 15_000 }).toBe(true);
    await input.fill("Gockel");
    await player.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(player, "Lena").filter({ hasText: "Richtig, der Gockel!" }).waitFor({
      timeout: 15_000,
    });
    expect(await player.getByText(/Fehler|error/i).count()).toBe(0);

    await section("Übersicht").click();
    await feed()
      .filter({ hasText: `${playerName} hat Der Marktplatz geschafft, 3 von 3 Punkten` })
      .waitFor({ timeout: 15_000 });
    await expect
      .poll(() => funnelRow(ops, "Der Marktplatz"), { timeout: 15_000 })
      .toMatchObject({ Gestartet: "1", Läuft: "0", Geschafft: "1" });
  });

  it("changes the operator's password from the header", async () => {
    await ops.getByRole("link", { name: "Passwort", exact: true }).click();
    await ops.getByRole("heading", { level: 1, name: "Passwort ändern" }).waitFor();
    await ops.getByLabel("Bisheriges Passwort").fill("Schwalbennest-42");
    await ops.getByLabel("Neues Passwort", { exact: true }).fill("Kirschbaum-7731");
    await ops.getByLabel("Neues Passwort wiederholen").fill("Kirschbaum-7731");
    await ops.getByRole("button", { name: "Passwort ändern" }).click();
    await ops.getByRole("status").filter({ hasText: "Das Passwort wurde geändert." }).waitFor();
    await screenshot(ops, "47-ops-password-changed");
  });

  it("keeps each step in the audit log, and ran without a policy violation", async () => {
    await section("Protokoll").click();
    const log = ops.getByRole("list").filter({ hasText: "Inhalte neu geladen" });
    await log.waitFor();
    const shown = log.locator(".audit__action");
    const actions = await shown.evaluateAll((all) => all.map((one) => one.dataset.action));
    // Each said in words, the server's name of it kept for who looks closer.
    expect(await shown.first().innerText()).toBe("Passwort geändert");
    // Newest first: the password changes, the two reloads, the news, the sign-in, the
    // operator's creation.
    expect(actions.slice(0, 2)).toEqual(["password.change", "content.reload"]);
    expect(actions.filter((action) => action === "content.reload")).toHaveLength(2);
    expect(actions.filter((action) => action === "password.change")).toHaveLength(2);
    for (const action of ["news.send", "signin", "operator.add"]) expect(actions).toContain(action);
    expect(actions.at(-1)).toBe("operator.add");
    await screenshot(ops, "45-ops-audit");
    expect(policyErrors).toEqual([]);
  });

  it("adds a colleague on the team page, who signs in with the password shown once", async () => {
    await section("Team").click();
    await ops.getByRole("heading", { level: 1, name: "Team" }).waitFor();
    await ops.getByLabel("Name (Kleinbuchstaben, Ziffern, . _ -)").fill("Ben");
    await ops.getByRole("button", { name: "Hinzufügen" }).click();
    const shown = ops.getByRole("status").filter({ hasText: "ben meldet sich einmal" });
    await shown.waitFor();
    const password = await shown.locator("code").innerText();
    const ben = ops.getByRole("listitem", { name: "ben" });
    await ben.waitFor();
    await settle(ops);
    await screenshot(ops, "48-ops-team");

    // Ben hosts: the studio is not his.
    const colleague = (await phonePage(browser as Browser, server.url)).page;
    await signInNewOperator(colleague, "ben", password, "Gastgeber-Ben-2026");
    await colleague.getByRole("navigation").getByRole("link", { name: "Studio" }).click();
    await colleague.getByText(/^Dafür braucht es die Rolle Autor\/in/).waitFor();

    // Anna makes him an author too; his next page has the studio.
    await ben.getByRole("checkbox", { name: "Autor/in: ben" }).check();
    await ben.getByRole("button", { name: "Rollen von ben speichern" }).click();
    await ben
      .getByRole("status")
      .filter({ hasText: "Die Rollen von ben sind gespeichert." })
      .waitFor();
    await colleague.reload();
    await colleague
      .getByRole("heading", { name: /^Entwurf auf Version \d+ · live: Version \d+$/ })
      .waitFor();
    // Her own roles stay hers to keep.
    const anna = ops.getByRole("listitem", { name: "anna" });
    expect(await anna.getByRole("checkbox", { name: "Gastgeber/in: anna" }).isDisabled()).toBe(
      true,
    );
  });
});
