import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const FOLDER = "stations/16-der-brunnen";
const SCRIPT = `${FOLDER}/script.de.ink`;

/** A phone's photo of the fountain: a small jpeg. */
const photo = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: "#4a7" } })
    .jpeg()
    .toBuffer();

const englishLabels = {
  participate: "Participate for free",
  start: "Start station",
  confirmStart: "Yes, start",
};

/**
 * A two-language station made in the studio without markup, as a museum team on its own would:
 * its German dialogue made of the editor's building blocks (a riddle with two right answers and
 * a wrong path, buttons, a photo mission worth 2 points, a delayed message and a picture
 * uploaded in place), each line said in plain words; its English dialogue begun from the
 * German and translated in the blocks' forms; its picture chosen in its form; a station
 * duplicated and another deleted; then published and played to its end by a German and an
 * English player, whose photos a host approves.
 */
describe("a two-language station made in the studio without markup", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let pack: GamePack;

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    await ops.setViewportSize({ width: 1440, height: 900 });
    await signInNewOperator(ops, "ida", addOperator(server, "ida"), "Brunnen-Probe-2026");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const insert = async (kind: string) => {
    await ops
      .getByRole("group", { name: "Baustein einfügen" })
      .getByRole("button", { name: kind })
      .click();
    return ops.locator("form.block-form");
  };
  const done = async (form: ReturnType<Page["locator"]>) => {
    await form.getByRole("button", { name: "Einfügen" }).click();
    await form.waitFor({ state: "detached" });
  };

  const saved = async () => {
    await ops.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await ops.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
  };
  /** Station `id`'s folder in the draft's list of files, opened (a changed one is open). */
  const openFolder = async (id: number) => {
    // From a form or a file; the list itself has no such link.
    const back = ops.getByRole("link", { name: "Alle Dateien" });
    if ((await back.count()) > 0) await back.click();
    const folder = ops.locator("details.draft-folder", {
      has: ops.locator(`a[href*="station=stations%2F${id}-"]`),
    });
    if (!(await folder.evaluate((details) => (details as HTMLDetailsElement).open))) {
      await folder.locator("summary").click();
    }
    return folder;
  };
  /** A station's form, opened from its folder. */
  const stationForm = async (id: number) => {
    const folder = await openFolder(id);
    await folder.getByRole("link", { name: `Station ${id} im Formular bearbeiten` }).click();
    await ops.getByRole("heading", { name: new RegExp(`^Station ${id}: `) }).waitFor();
  };
  /** The block the editor's line `text` belongs to, opened in its form. */
  const blockOf = async (text: string, kind: string) => {
    await ops.locator(".cm-line", { hasText: text }).first().click();
    await ops
      .getByRole("button", { name: `Diesen Baustein im Formular bearbeiten: ${kind}` })
      .click();
    return ops.locator("form.block-form");
  };
  const apply = async (form: ReturnType<Page["locator"]>) => {
    await form.getByRole("button", { name: "Übernehmen" }).click();
    await form.waitFor({ state: "detached" });
  };

  it("writes the German dialogue from blocks, with each line explained", async () => {
    await ops.getByRole("navigation").getByRole("link", { name: "Studio" }).click();
    await ops.getByLabel("Titel der neuen Station").fill("Der Brunnen");
    await ops.getByRole("button", { name: "Station anlegen" }).click();
    await ops.getByRole("heading", { name: "Station 16: Der Brunnen" }).waitFor();
    await ops.getByLabel("Punkte", { exact: true }).fill("4");
    const english = ops.getByRole("group", { name: "Englisch" });
    await english.getByLabel("Titel (Englisch) fehlt").fill("The Fountain");
    // The idle reminder, in both languages: an offer of the hint while one is left.
    await ops.getByLabel("Die Figur meldet sich, wenn eine Frage unbeantwortet bleibt").check();
    const reminder = ops.getByRole("group", { name: "Erinnerung, wenn niemand antwortet" });
    await reminder.getByLabel("Nach", { exact: true }).fill("2");
    await reminder.getByLabel("Einheit").selectOption("h");
    await reminder.getByLabel("Was die Figur dann sagt (Deutsch)").fill("Noch da?");
    await reminder
      .getByLabel("Stattdessen, solange die Frage einen Tipp hat (bietet ihn an) (Deutsch)")
      .fill("Soll ich dir helfen? Tipp einfach auf den Knopf.");
    await reminder.getByLabel("Was die Figur dann sagt (Englisch)").fill("Still there?");
    await reminder
      .getByLabel("Stattdessen, solange die Frage einen Tipp hat (bietet ihn an) (Englisch)")
      .fill("Shall I help? Just tap the button.");
    await settle(ops);
    await screenshot(ops, "studio-blocks-00-reminder");
    await saved();

    await ops.getByRole("link", { name: "script.de.ink" }).click();
    const editor = ops.getByRole("textbox", { name: `Inhalt von ${SCRIPT}` });
    await editor.waitFor();
    // The cursor on the line that gives the points: the panel says what it does.
    await ops.locator(".cm-line", { hasText: "~ points = 1" }).click();
    await ops.keyboard.press("End");
    await ops.getByRole("heading", { name: "Zeile 3" }).waitFor();
    await ops
      .getByText("Die Station gibt an ihrem Ende 1 Punkt (höchstens die Punkte ihres Formulars).")
      .waitFor();

    const riddle = await insert("Rätsel");
    await riddle.getByLabel("Frage (was die Figur fragt)").fill("Was steht auf dem Brunnen?");
    await riddle.getByLabel("Richtige Antworten, eine je Zeile").fill("Drache\nLindwurm");
    await riddle
      .getByLabel("Antwort auf eine richtige Antwort (jede Zeile eine Nachricht)")
      .fill("Genau, ein Drache!");
    await riddle.getByLabel("Punkte für die richtige Antwort").fill("2");
    await riddle.getByLabel("Antwort auf jede andere Antwort").fill("Schau noch einmal hin.");
    await riddle.getByRole("button", { name: "Tipp hinzufügen" }).click();
    await riddle.getByLabel("Knopf", { exact: true }).fill("Tipp, bitte");
    await riddle.getByLabel("Tipp (jede Zeile eine Nachricht)").fill("Er speit Wasser.");
    await settle(ops);
    await screenshot(ops, "studio-blocks-01-riddle");
    await done(riddle);

    const buttons = await insert("Knöpfe");
    const labels = buttons.getByLabel("Beschriftung");
    await labels.nth(0).fill("Zum Rathaus");
    await labels.nth(1).fill("Zur Kirche");
    const replies = buttons.getByLabel("Antwort beim Tippen (jede Zeile eine Nachricht)");
    await replies.nth(0).fill("Das Rathaus ist gleich hier.");
    await replies.nth(1).fill("Die Kirche ist oben am Berg.");
    await done(buttons);

    const mission = await insert("Foto-, Video- oder Sprachauftrag");
    await mission.getByLabel("Frage (was die Figur fragt)").fill("Fotografiere den Brunnen!");
    await mission
      .getByLabel("Der Auftrag, wie die Spielleitung ihn beim Bewerten liest")
      .fill("Der Brunnen am Markt");
    await mission.getByLabel("Punkte bei Annahme").fill("2");
    await mission
      .getByLabel("Antwort bei Annahme (jede Zeile eine Nachricht)")
      .fill("Ein schönes Bild!");
    await mission
      .getByLabel("Antwort bei Ablehnung, dann neuer Versuch (leer: der Text des Spiels)")
      .fill("Da ist kein Brunnen drauf.");
    await done(mission);

    const delay = await insert("Nachricht mit Verzögerung");
    await delay.getByLabel("Nachricht", { exact: true }).fill("Übrigens: Das Wasser ist trinkbar.");
    await delay.getByLabel("Kommt nach").fill("3");
    await delay.getByLabel("Einheit").selectOption("s");
    await done(delay);

    // A picture uploaded in place is the one chosen.
    const media = await insert("Bild oder Ton");
    await media
      .getByLabel("Bilder, Audio oder Video hierher ziehen oder auswählen:")
      .setInputFiles({
        name: "Brunnen.png",
        mimeType: "image/png",
        buffer: await readFile(resolve(repoRoot, "content/demo/intro/1.png")),
      });
    await expect
      .poll(() => media.getByLabel("Bild, Ton oder Video dieser Station").inputValue())
      .toBe("stations/16/brunnen.png");
    await done(media);
    await ops.getByText("Zeigt das Bild stations/16/brunnen.png im Chat.").waitFor();

    const text = await editor.innerText();
    for (const line of [
      "+ [Drache / Lindwurm #answer]",
      "~ points += 2",
      "* [Tipp, bitte #hint: 1]",
      "-> frage",
      "+ [Zum Rathaus]",
      "+ [Der Brunnen am Markt #photo #points: 2]",
      "+ [#rejected]",
      "Übrigens: Das Wasser ist trinkbar. #delay: 3s",
      "stations/16/brunnen.png #content",
    ]) {
      expect(text).toContain(line);
    }
    // A block read back from the text opens in its form.
    await ops.locator(".cm-line", { hasText: "+ [Drache / Lindwurm #answer]" }).click();
    await ops
      .getByText("Richtige Antworten: „Drache“, „Lindwurm“. Wer eine davon tippt,", {
        exact: false,
      })
      .waitFor();
    await ops
      .getByRole("button", { name: "Diesen Baustein im Formular bearbeiten: Rätsel" })
      .click();
    const again = ops.locator("form.block-form");
    expect(await again.getByLabel("Richtige Antworten, eine je Zeile").inputValue()).toBe(
      "Drache\nLindwurm",
    );
    await again.getByRole("button", { name: "Abbrechen" }).click();
    await ops.getByText("Das Skript lässt sich übersetzen: keine Fehler.").waitFor();
    await settle(ops);
    await screenshot(ops, "studio-blocks-02-script");
    await saved();

    // The picture uploaded with the block is the station's picture too, chosen in its form.
    await stationForm(16);
    await ops.getByLabel("Bild der Station").selectOption({ label: "brunnen.png" });
    expect(
      await ops
        .getByRole("group", { name: "Erinnerung, wenn niemand antwortet" })
        .getByLabel("Was die Figur dann sagt (Englisch)")
        .inputValue(),
    ).toBe("Still there?");
    await saved();
  });

  it("begins the English dialogue from the German and translates it in the blocks' forms", async () => {
    // "Neue Station" began an English dialogue from the first lines; it starts again from the
    // German one with its blocks.
    const folder = await openFolder(16);
    await folder.getByRole("button", { name: /script\.en\.ink löschen$/ }).click();
    await ops.getByRole("button", { name: "Ja, löschen" }).click();
    await stationForm(16);
    await ops.getByRole("button", { name: "Dialog auf Englisch anlegen" }).click();
    await ops.getByRole("link", { name: /^script\.en\.ink angelegt/ }).click();
    const editor = ops.getByRole("textbox", { name: `Inhalt von ${FOLDER}/script.en.ink` });
    await editor.getByText("// übersetzen").first().waitFor();

    // A marked line: said untranslated, translated in place.
    await ops.locator(".cm-line", { hasText: "Willkommen bei" }).click();
    await ops.getByText("Noch nicht übersetzt", { exact: false }).waitFor();
    await ops.getByLabel("Diese Zeile in dieser Sprache").fill("Welcome to the fountain!");
    await ops.getByRole("button", { name: "Übernehmen" }).click();

    const riddle = await blockOf("Lindwurm", "Rätsel");
    await riddle.getByLabel("Frage (was die Figur fragt)").fill("What is on the fountain?");
    await riddle.getByLabel("Richtige Antworten, eine je Zeile").fill("dragon\nwyrm");
    await riddle
      .getByLabel("Antwort auf eine richtige Antwort (jede Zeile eine Nachricht)")
      .fill("Right, a dragon!");
    await riddle.getByLabel("Antwort auf jede andere Antwort").fill("Look again.");
    await riddle.getByLabel("Knopf", { exact: true }).fill("A hint, please");
    await riddle.getByLabel("Tipp (jede Zeile eine Nachricht)").fill("It spouts water.");
    await apply(riddle);

    const buttons = await blockOf("Zum Rathaus", "Knöpfe");
    const labels = buttons.getByLabel("Beschriftung");
    await labels.nth(0).fill("To the town hall");
    await labels.nth(1).fill("To the church");
    const replies = buttons.getByLabel("Antwort beim Tippen (jede Zeile eine Nachricht)");
    await replies.nth(0).fill("The town hall is right here.");
    await replies.nth(1).fill("The church is up the hill.");
    await apply(buttons);

    const mission = await blockOf("#photo", "Foto-, Video- oder Sprachauftrag");
    await mission.getByLabel("Frage (was die Figur fragt)").fill("Take a photo of the fountain!");
    await mission
      .getByLabel("Der Auftrag, wie die Spielleitung ihn beim Bewerten liest")
      .fill("The fountain on the market square");
    expect(await mission.getByLabel("Punkte bei Annahme").inputValue()).toBe("2");
    await mission
      .getByLabel("Antwort bei Annahme (jede Zeile eine Nachricht)")
      .fill("A lovely picture!");
    await mission
      .getByLabel("Antwort bei Ablehnung, dann neuer Versuch (leer: der Text des Spiels)")
      .fill("I cannot see a fountain there.");
    await apply(mission);

    const delay = await blockOf("#delay", "Nachricht mit Verzögerung");
    // A filled field's name holds its text too.
    await delay.getByLabel(/^Nachricht/).fill("By the way: the water is drinkable.");
    await apply(delay);

    await expect.poll(async () => (await editor.innerText()).includes("übersetzen")).toBe(false);
    await ops.getByText("Das Skript lässt sich übersetzen: keine Fehler.").waitFor();
    await settle(ops);
    await screenshot(ops, "studio-blocks-03-english");
    await saved();
  });

  it("duplicates the new station and deletes another", async () => {
    await stationForm(16);
    await ops.getByRole("button", { name: "Station duplizieren" }).click();
    await ops.getByRole("heading", { name: "Station 17: Der Brunnen (Kopie)" }).waitFor();
    await stationForm(2);
    await ops.getByRole("button", { name: "Station löschen" }).click();
    await ops.getByRole("button", { name: "Ja, löschen" }).click();
    await ops
      .getByRole("heading", { name: /^Entwurf auf Version \d+ · live: Version \d+$/ })
      .waitFor();
    await ops.getByRole("button", { name: "Prüfen" }).click();
    await ops.getByText(/^(Die Prüfung fand 0 Fehler|Keine Probleme gefunden)/).waitFor();
  });

  it("publishes, and a German player plays the new station to its end", async () => {
    await ops.getByRole("button", { name: "Veröffentlichen" }).click();
    await ops.getByRole("button", { name: "Ja, veröffentlichen" }).click();
    await ops.getByRole("status").filter({ hasText: "Version 2 ist live." }).waitFor();

    const player = (await phonePage(browser as Browser, server.url)).page;
    await joinForFree(player, "/webapp/station/16");
    await startStation(player);
    const lena = messagesFrom(player, "Lena");
    await lena.filter({ hasText: "Was steht auf dem Brunnen?" }).waitFor();
    // The hint made in the riddle's form: its cost beside it.
    await player.getByRole("button", { name: /^Tipp, bitte.*1 Punkt/ }).click();
    await lena.filter({ hasText: "Er speit Wasser." }).waitFor();
    const answer = player.getByLabel("Deine Antwort");
    const send = async (text: string) => {
      await expect.poll(() => answer.isEnabled(), { timeout: 10_000 }).toBe(true);
      await answer.fill(text);
      await player.getByRole("button", { name: "Senden" }).click();
    };
    await send("Fisch");
    await lena.filter({ hasText: "Schau noch einmal hin." }).waitFor();
    await send("lindwurm");
    await lena.filter({ hasText: "Genau, ein Drache!" }).waitFor();
    await player.getByRole("button", { name: "Zur Kirche" }).click();
    await lena.filter({ hasText: "Die Kirche ist oben am Berg." }).waitFor();
    await lena.filter({ hasText: "Fotografiere den Brunnen!" }).waitFor();
    await player.getByLabel("Aus der Galerie").setInputFiles({
      name: "IMG_0001.jpg",
      mimeType: "image/jpeg",
      buffer: await photo(),
    });
    await player
      .getByRole("status")
      .filter({ hasText: "Wartet auf die Spielleitung …" })
      .first()
      .waitFor({ timeout: 30_000 });

    // The host sees what the player will get: 2 points on approval.
    await ops.goto("/ops/judging");
    await ops.getByText("Der Brunnen am Markt").first().waitFor({ timeout: 15_000 });
    await ops.locator("h1").click();
    await ops.keyboard.press("a");
    await ops.getByText(/^Angenommen:/).waitFor();

    await lena.filter({ hasText: "Ein schönes Bild!" }).waitFor();
    await lena.filter({ hasText: "Übrigens: Das Wasser ist trinkbar." }).waitFor();
    await player.locator('[data-testid="message"] img[src*="brunnen.png"]').waitFor();
    await player.getByText("Geschafft!").first().waitFor({ timeout: 15_000 });
    await settle(player);
    await screenshot(player, "studio-blocks-04-played");
  });

  it("and an English player plays it in English to its end", async () => {
    const player = (await phonePage(browser as Browser, server.url)).page;
    await player.goto("/webapp/station/16");
    await player.waitForURL(/\/webapp\/login\?target=/);
    await player
      .getByRole("group", { name: "Sprache" })
      .getByRole("button", { name: "English" })
      .click();
    await player.getByRole("button", { name: englishLabels.participate }).click();
    await player.waitForURL(/\/webapp\/station\/16$/);
    await player.getByRole("heading", { name: "The Fountain" }).first().waitFor();
    await startStation(player, englishLabels);
    const lena = messagesFrom(player, "Lena");
    await lena.filter({ hasText: "Welcome to the fountain!" }).waitFor();
    await lena.filter({ hasText: "What is on the fountain?" }).waitFor();
    const answer = player.getByLabel("Your answer");
    const send = async (text: string) => {
      await expect.poll(() => answer.isEnabled(), { timeout: 10_000 }).toBe(true);
      await answer.fill(text);
      await player.getByRole("button", { name: "Send" }).click();
    };
    await send("a fish");
    await lena.filter({ hasText: "Look again." }).waitFor();
    await send("Dragon");
    await lena.filter({ hasText: "Right, a dragon!" }).waitFor();
    await player.getByRole("button", { name: "To the town hall" }).click();
    await lena.filter({ hasText: "The town hall is right here." }).waitFor();
    await lena.filter({ hasText: "Take a photo of the fountain!" }).waitFor();
    await player.getByLabel("From the gallery").setInputFiles({
      name: "IMG_0002.jpg",
      mimeType: "image/jpeg",
      buffer: await photo(),
    });
    await player
      .getByRole("status")
      .filter({ hasText: "Waiting for the game master …" })
      .first()
      .waitFor({ timeout: 30_000 });

    await ops.goto("/ops/judging");
    await ops.getByText("The fountain on the market square").first().waitFor({ timeout: 15_000 });
    expect(await ops.getByLabel("Punkte bei Annahme").inputValue()).toBe("2");
    await ops.locator("h1").click();
    await ops.keyboard.press("a");
    await ops.getByText(/^Angenommen:/).waitFor();

    await lena.filter({ hasText: "A lovely picture!" }).waitFor();
    await lena.filter({ hasText: "By the way: the water is drinkable." }).waitFor();
    await player.locator('[data-testid="message"] img[src*="brunnen.png"]').waitFor();
    await player.getByText("You made it!").first().waitFor({ timeout: 15_000 });
    await player.getByText("4 of 4 points", { exact: false }).first().waitFor();
    await settle(player);
    await screenshot(player, "studio-blocks-05-played-english");
  });
});
