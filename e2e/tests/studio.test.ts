import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Locator, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";
import { marktplatz, standInGeocoder } from "../../server/test/support/geocoder";

const SCRIPT = "stations/1-marktplatz/script.de.ink";
const GREETING = "Hallo! Schön, dass du da bist. Ich bin Lena und zeige dir heute die Oberstadt.";
const NEW_GREETING = "Servus! Ich bin Lena, und heute zeige ich dir die Oberstadt bei Nacht.";

/**
 * The studio as organisers use it: a station's dialogue changed in the draft, a mistake found
 * by the check and opened at its line, fixed, published for the players' phones; and two
 * authors saving one file, of whom the second is told and loses nothing.
 */
describe("the studio in the console", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let mara: Page;
  let jonas: Page;
  let player: Page;
  let pack: GamePack;
  let geocoder: Awaited<ReturnType<typeof standInGeocoder>>;

  beforeAll(async () => {
    pack = await demoPackWith({});
    // Nominatim stands in here: the address search finds the Marktplatz of Marburg and Leipzig.
    geocoder = await standInGeocoder(() => ({ status: 200, body: marktplatz }));
    server = await startServer({ CONTENT_DIR: pack.dir, GEOCODER_URL: geocoder.url });
    browser = await launchBrowser();
    mara = (await phonePage(browser, server.url)).page;
    jonas = (await phonePage(browser, server.url)).page;
    player = (await phonePage(browser, server.url)).page;
    await signInNewOperator(mara, "mara", addOperator(server, "mara"), "Studio-Probe-4711");
    await signInNewOperator(jonas, "jonas", addOperator(server, "jonas"), "Studio-Probe-0815");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await geocoder?.close();
    await pack?.remove();
  });

  const editor = (page: Page, path: string): Locator =>
    page.getByRole("textbox", { name: `Inhalt von ${path}` });
  /** A file as the draft has it, read through the API with the page's session. */
  const draftText = async (page: Page, path: string): Promise<string> => {
    const answer = await page.request.get(
      `/api/ops/pack/draft/file?path=${encodeURIComponent(path)}`,
    );
    return ((await answer.json()) as { text: string }).text;
  };
  const openStudio = async (page: Page) => {
    await page.getByRole("navigation").getByRole("link", { name: "Studio" }).click();
    await page
      .getByRole("heading", { name: /^Entwurf auf Version \d+ · live: Version \d+$/ })
      .waitFor();
  };
  /** Opens one of the game's forms from the folder of game.yaml. */
  const openGameForm = async (page: Page, link: string) => {
    await openStudio(page);
    const game = page
      .locator("details.draft-folder")
      .filter({ hasText: "Einstellungen und Texte des Spiels" });
    if (!(await game.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await game.locator("summary").click();
    }
    await game.getByRole("link", { name: link }).click();
  };
  const openFile = async (page: Page, folder: string, name: string) => {
    const details = page.locator("details.draft-folder").filter({ hasText: folder });
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) {
      await details.locator("summary").click();
    }
    await details.getByRole("link", { name, exact: true }).click();
  };

  it("changes a dialogue, finds a mistake by its station and line, fixes it and publishes", async () => {
    await openStudio(mara);
    await mara.getByText("Der Entwurf hat noch keine Änderungen.").waitFor();
    await openFile(mara, "stations/1-marktplatz", "script.de.ink");
    const script = editor(mara, SCRIPT);
    await script.waitFor();
    const original = await draftText(mara, SCRIPT);
    expect(original).toContain(GREETING);
    const edited = original.replace(GREETING, NEW_GREETING).replace("-> END", "-> ENDE");
    expect(edited).not.toBe(original);
    await script.fill(edited);
    await mara.getByText("Noch nicht gespeichert").waitFor();
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();

    await mara.getByRole("link", { name: "Alle Dateien" }).click();
    await mara.getByText("1 Datei im Entwurf geändert.").waitFor();
    await mara.getByRole("button", { name: "Prüfen" }).click();
    await mara.getByRole("heading", { name: "Station 1: Der Marktplatz" }).waitFor();
    const brokenLine = edited.split("\n").findIndex((line) => line.includes("-> ENDE")) + 1;
    const place = mara.getByRole("link", { name: `${SCRIPT}, Zeile ${brokenLine}` });
    await place.waitFor();
    await settle(mara);
    await screenshot(mara, "studio-00-check");

    // The link opens the file with the line selected.
    await place.click();
    await expect.poll(() => mara.evaluate(() => window.getSelection()?.toString())).toBe("-> ENDE");
    // The editor says the same as the check, as the script stands.
    await mara
      .getByText("Zeile 14: Divert target not found: '-> ENDE'", { exact: false })
      .waitFor();
    await mara.getByText("Meinten Sie „END“?", { exact: false }).waitFor();
    await settle(mara);
    await screenshot(mara, "studio-01-line");
    await script.fill(edited.replace("-> ENDE", "-> END"));
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    await mara.getByRole("link", { name: "Alle Dateien" }).click();
    await mara.getByRole("button", { name: "Prüfen" }).click();
    await mara
      .getByText("Keine Probleme gefunden: Der Entwurf kann veröffentlicht werden.")
      .waitFor();

    // Players still get the live version until the draft is published.
    await joinForFree(player, "/webapp/station/1");
    await startStation(player);
    await messagesFrom(player, "Lena").filter({ hasText: GREETING }).waitFor();

    await mara.getByRole("button", { name: "Veröffentlichen" }).click();
    await mara.getByRole("button", { name: "Ja, veröffentlichen" }).click();
    await mara.getByRole("status").filter({ hasText: "Version 2 ist live." }).waitFor();
    await mara.getByRole("heading", { name: "Entwurf auf Version 2 · live: Version 2" }).waitFor();
    await settle(mara);
    await screenshot(mara, "studio-02-published");

    // A player who starts the station now meets the new dialogue.
    const second = (await phonePage(browser as Browser, server.url)).page;
    await joinForFree(second, "/webapp/station/1");
    await startStation(second);
    await messagesFrom(second, "Lena").filter({ hasText: NEW_GREETING }).waitFor();
    await settle(second);
    await screenshot(second, "studio-03-player");
  });

  it("tells the second of two authors saving one file, who takes the first's version", async () => {
    await openStudio(mara);
    await openStudio(jonas);
    await openFile(mara, "Einstellungen und Texte des Spiels", "game.yaml");
    await openFile(jonas, "Einstellungen und Texte des Spiels", "game.yaml");
    const maras = editor(mara, "game.yaml");
    const jonass = editor(jonas, "game.yaml");
    await maras.waitFor();
    const yaml = await draftText(mara, "game.yaml");
    await maras.fill(yaml.replace("de: Märchenhaftes Marburg", "de: Marburg im Nebel"));
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();

    await jonass.fill(yaml.replace("de: Märchenhaftes Marburg", "de: Marburg im Regen"));
    await jonas.getByRole("button", { name: "Im Entwurf speichern" }).click();
    const conflict = jonas.getByRole("alert");
    // Both changed the title's line: a collision, named by its line, with both versions.
    await conflict
      .getByText(/^mara hat diese Datei .* gespeichert und dieselben Zeilen anders geändert/)
      .waitFor();
    const clash = conflict.getByRole("listitem");
    await clash.getByText(/^Zeile \d+$/).waitFor();
    await clash.getByText("de: Marburg im Regen").waitFor();
    await clash.getByText("de: Marburg im Nebel").waitFor();
    await conflict.getByText("Deren Fassung", { exact: true }).click();
    await conflict.locator(".studio__theirs").getByText("de: Marburg im Nebel").waitFor();
    await settle(jonas);
    await screenshot(jonas, "studio-04-conflict");
    // Jonas's text stays in the editor (at its top, where the title is) while he decides.
    await jonass.press("Control+Home");
    await jonass.getByText("de: Marburg im Regen").waitFor();

    await conflict.getByRole("button", { name: "Deren Fassung übernehmen" }).click();
    await jonass.press("Control+Home");
    await jonass.getByText("de: Marburg im Nebel").waitFor();
    await jonas.getByRole("link", { name: "Alle Dateien" }).click();
    const row = jonas.locator("li.draft-file").filter({ hasText: "game.yaml" }).first();
    await row.getByText("geändert").waitFor();
    await row.getByText(/^mara, /).waitFor();
  });

  it("changes the game's settings in a form", async () => {
    await openGameForm(mara, "Titel, Sprachen und Einstellungen des Spiels im Formular bearbeiten");
    await mara
      .getByRole("heading", { name: "Das Spiel: Titel, Sprachen, Einstellungen" })
      .waitFor();
    await mara.getByLabel("Teams").selectOption("optional");
    // The app on the phone: its name and bar colour, the icon of the pack's app/ folder.
    await mara.getByLabel("Name unter dem Icon (höchstens 12 Zeichen)").fill("Marburg");
    await mara.getByLabel("Farbe der Leiste des Handys").fill("#204060");
    await expect.poll(() => mara.getByLabel(/^Icon/).inputValue()).toBe("app/icon.png");
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    const yaml = await draftText(mara, "game.yaml");
    expect(yaml).toMatch(/^ {2}teams: optional # off, optional/m);
    expect(yaml).toContain("  shortName: Marburg\n");
    expect(yaml).toContain('  themeColor: "#204060"');
    await settle(mara);
    await screenshot(mara, "studio-05-game");
  });

  it("changes a story's headline in its form", async () => {
    await openStudio(mara);
    const folder = mara
      .locator("details.draft-folder")
      .filter({ hasText: "stories/2-savignys-bibliothek" });
    await folder.locator("summary").click();
    await folder.getByRole("link", { name: "Geschichte 2 im Formular bearbeiten" }).click();
    await mara
      .getByRole("heading", { name: "Geschichte 2: Die Bibliothek des Professors" })
      .waitFor();
    const german = mara.getByRole("group", { name: "Deutsch", exact: true });
    await german.getByLabel("Überschrift").fill("Bei Professor Savigny");
    expect(await german.getByLabel("Erzählung (mp3)").inputValue()).toBe(
      "stories/2/erzaehlung.mp3",
    );
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    const yaml = await draftText(mara, "stories/2-savignys-bibliothek/story.yaml");
    expect(yaml).toContain("  de: Bei Professor Savigny\n");
    expect(yaml).toContain("# Offered once the player has 2 stations with points.");
    await settle(mara);
    await screenshot(mara, "studio-06-story");
  });

  it("changes a help answer in the texts form, which players read once it is published", async () => {
    await openGameForm(
      mara,
      "Hilfe, Einführung, Nachrichtentexte, Wappen und Datenschutz bearbeiten",
    );
    await mara.getByRole("heading", { name: "Was die Spielenden lesen" }).waitFor();
    await mara.getByLabel("Frage 1 (Deutsch)").fill("Wie fange ich an?");
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    const yaml = await draftText(mara, "game.yaml");
    expect(yaml).toContain("      de: Wie fange ich an?\n");
    expect(yaml).toContain("# /webapp/intro: exactly four steps.");
    await settle(mara);
    await screenshot(mara, "studio-07-texts");

    await openStudio(mara);
    await mara.getByRole("button", { name: "Veröffentlichen" }).click();
    await mara.getByRole("button", { name: "Ja, veröffentlichen" }).click();
    await mara
      .getByRole("status")
      .filter({ hasText: /^Version \d+ ist live\.$/ })
      .waitFor();
    const reader = (await phonePage(browser as Browser, server.url)).page;
    await reader.goto("/webapp/help");
    await reader.getByText("Wie fange ich an?").waitFor();
  });

  it("lays the map's picture by its corners over the stations", async () => {
    await openGameForm(mara, "Karte bearbeiten");
    await mara.getByRole("heading", { name: "Die Karte des Spiels" }).waitFor();
    const map = mara.getByRole("region", { name: "Das Bild über den Stationen" });
    await map.locator(".leaflet-image-layer").waitFor();
    expect(await map.locator(".ops-map-station").count()).toBeGreaterThan(10);
    await mara.getByLabel("Nordrand (Breitengrad)").fill("50.8175");
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    expect(await draftText(mara, "game.yaml")).toContain(
      "bounds: [[50.805, 8.762], [50.8175, 8.779]] # [[south, west], [north, east]]",
    );
    await settle(mara);
    await screenshot(mara, "studio-08-map");
  });

  it("finds a station's place by its address once the map has tiles", async () => {
    await openGameForm(mara, "Karte bearbeiten");
    // A style by its name brings its address and attribution.
    await mara.getByLabel("Kartenstil").selectOption({ label: "OpenStreetMap" });
    await mara.getByText("© OpenStreetMap contributors").first().waitFor();
    await mara.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await mara.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();

    await openStudio(mara);
    const folder = mara.locator("details.draft-folder").filter({ hasText: "stations/3-" });
    await folder.locator("summary").click();
    await folder.getByRole("link", { name: "Station 3 im Formular bearbeiten" }).click();
    // The station's map is the draft's, not yet published: its tiles and its picture.
    await mara.locator(".leaflet-control-attribution").getByText("© OpenStreetMap").waitFor();
    expect(await mara.locator(".leaflet-image-layer").getAttribute("src")).toMatch(
      /\/api\/ops\/pack\/draft\/media\?path=map%2F/,
    );
    await mara.getByRole("searchbox", { name: "Adresse suchen" }).fill("Marktplatz");
    await mara.getByRole("button", { name: "Suchen", exact: true }).click();
    const places = mara.getByRole("list", { name: /^Gefundene Orte/ });
    await places.getByRole("button", { name: /^Marktplatz, Oberstadt, Marburg/ }).waitFor();
    expect(geocoder.calls.at(-1)?.params.get("accept-language")).toBe("de");
    await mara.getByText("Data © OpenStreetMap contributors", { exact: false }).waitFor();
    await settle(mara);
    await screenshot(mara, "studio-09-address-search");
    await places.getByRole("button", { name: /^Marktplatz, Oberstadt, Marburg/ }).click();
    expect(await mara.getByLabel("Breitengrad").inputValue()).toBe("50.8101");
    expect(await mara.getByLabel("Längengrad").inputValue()).toBe("8.7702");
    await mara
      .getByText("Die Station steht jetzt bei: Marktplatz, Oberstadt", { exact: false })
      .waitFor();
    // Leipzig is far from the game: the form says so before anything is saved.
    await mara.getByRole("button", { name: "Suchen", exact: true }).click();
    await places.getByRole("button", { name: /^Marktplatz, Zentrum, Leipzig/ }).click();
    await mara.getByText("Dieser Ort liegt außerhalb der Karte des Spiels.").waitFor();
  });
});
