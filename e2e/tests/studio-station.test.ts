import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, messagesFrom, settle, startStation } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const FOLDER = "stations/16-die-alte-muehle";
const SCRIPT = `${FOLDER}/script.de.ink`;
const DIALOGUE = [
  "VAR points = 0",
  "Willkommen an der Alten Mühle!",
  "- (frage)",
  "Wie viele Flügel hat das Mühlrad im Wappen über der Tür?",
  "+ [Vier / 4 #answer]",
  "    Richtig, vier!",
  "    ~ points = 2",
  "+ [#answer]",
  "    Nein, schau noch einmal hin.",
  "    -> frage",
  "- Danke fürs Mitspielen!",
  "-> ENDE",
  "",
].join("\n");

/**
 * A new organiser's station, made in the browser from nothing: a title, a place dragged on the
 * game's map, a dialogue with a typed riddle and a wrong-answer path, a mistake the check finds
 * and the author fixes, a publish that a player's phone plays, and a roll-back that takes the
 * station away for new players and breaks nothing for one who played it.
 */
describe("a new station made in the studio", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let pack: GamePack;

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    await signInNewOperator(ops, "ida", addOperator(server, "ida"), "Muehle-Probe-2026");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const latitude = () => ops.getByLabel("Breitengrad");
  const longitude = () => ops.getByLabel("Längengrad");
  const saved = async () => {
    await ops.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await ops.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
  };

  it("creates the station, places it on the map and warns of a place outside it", async () => {
    await ops.getByRole("navigation").getByRole("link", { name: "Studio" }).click();
    await ops.getByLabel("Titel der neuen Station").fill("Die Alte Mühle");
    await ops.getByRole("button", { name: "Station anlegen" }).click();
    await ops.getByRole("heading", { name: "Station 16: Die Alte Mühle" }).waitFor();
    expect(new URL(ops.url()).searchParams.get("station")).toBe(FOLDER);

    // German and English side by side; what English lacks is marked.
    const english = ops.getByRole("group", { name: "Englisch" });
    await english.getByText("fehlt").first().waitFor();
    await ops
      .getByRole("group", { name: "Deutsch", exact: true })
      .getByLabel("Beschreibung (Deutsch)", { exact: true })
      .fill("Am Mühlgraben wartet Lena mit einem Rätsel.");
    // A missing text says so in its label too.
    // Each label names its language, for a screen reader that reads the field alone.
    await english.getByLabel("Titel (Englisch) fehlt").fill("The Old Mill");
    await english.getByLabel("Beschreibung (Englisch) fehlt").fill("Lena waits by the mill race.");
    await expect.poll(() => english.getByText("fehlt").count()).toBe(0);

    // Dragged on the map, the place follows.
    const before = [await latitude().inputValue(), await longitude().inputValue()];
    const marker = ops.locator(".station-marker");
    await marker.scrollIntoViewIfNeeded();
    const box = await marker.boundingBox();
    if (!box) throw new Error("no marker on the map");
    await ops.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await ops.mouse.down();
    for (let step = 1; step <= 8; step++) {
      await ops.mouse.move(box.x + box.width / 2 + step * 6, box.y + box.height / 2 - step * 4);
    }
    await ops.mouse.up();
    await expect
      .poll(async () => [await latitude().inputValue(), await longitude().inputValue()])
      .not.toEqual(before);
    const placed = [await latitude().inputValue(), await longitude().inputValue()];
    await settle(ops);
    await screenshot(ops, "studio-station-00-map");

    // Latitude and longitude swapped: the form says so at once.
    await latitude().fill(placed[1] ?? "");
    await longitude().fill(placed[0] ?? "");
    await ops.getByText("Dieser Ort liegt außerhalb der Karte des Spiels.").waitFor();
    await ops.getByText("Breiten- und Längengrad vertauscht?", { exact: false }).waitFor();
    await latitude().fill(placed[0] ?? "");
    await longitude().fill(placed[1] ?? "");
    await expect.poll(() => ops.getByText("außerhalb der Karte", { exact: false }).count()).toBe(0);

    // An emptied coordinate is marked and holds the save back; the texts typed stay.
    await latitude().fill("");
    await ops.getByRole("alert").filter({ hasText: "Eine Station braucht ihren Ort" }).waitFor();
    expect(await latitude().getAttribute("aria-invalid")).toBe("true");
    const save = ops.getByRole("button", { name: "Im Entwurf speichern" });
    expect(await save.isDisabled()).toBe(true);
    await settle(ops);
    await screenshot(ops, "studio-station-00b-unplaced");
    expect(await english.getByLabel("Titel (Englisch)", { exact: true }).inputValue()).toBe(
      "The Old Mill",
    );
    await latitude().fill(placed[0] ?? "");
    await expect.poll(() => ops.getByText("Eine Station braucht ihren Ort").count()).toBe(0);
    await saved();
    await settle(ops);
    await screenshot(ops, "studio-station-01-saved");

    // A photo for the station, dropped into its folder: in the draft, with its progress; a
    // file that only pretends to be a picture is refused with the reason.
    await ops.getByRole("link", { name: "Alle Dateien" }).click();
    const folder = ops.locator("details.draft-folder").filter({ hasText: FOLDER });
    await folder
      .getByLabel("Bilder, Audio oder Video hierher ziehen oder auswählen:")
      .setInputFiles([
        {
          name: "Mühle Foto.png",
          mimeType: "image/png",
          buffer: await readFile(resolve(repoRoot, "content/demo/intro/1.png")),
        },
        { name: "notiz.png", mimeType: "image/png", buffer: Buffer.from("nur ein Text") },
      ]);
    await folder.locator("li", { hasText: "muehle-foto.png" }).getByText("im Entwurf").waitFor();
    await folder
      .getByRole("alert")
      .filter({ hasText: "the file's content is not png: was it renamed?" })
      .waitFor();
    await folder
      .locator("li.draft-file", { hasText: "muehle-foto.png" })
      .getByText("neu")
      .waitFor();
    await settle(ops);
    await screenshot(ops, "studio-station-01b-media");
  });

  it("writes the dialogue, fixes what the check finds, publishes, and a player plays it", async () => {
    await ops.getByRole("link", { name: "script.de.ink" }).click();
    const editor = ops.getByRole("textbox", { name: `Inhalt von ${SCRIPT}` });
    await editor.fill(DIALOGUE);
    // The mistake shows below the script as it is typed, with what it most likely meant.
    const typed = Date.now();
    const problems = ops.getByRole("status").filter({ hasText: "1 Fehler im Skript:" });
    await problems.waitFor();
    console.log(`inline error shown ${Date.now() - typed} ms after typing`);
    await problems
      .getByText("Zeile 12: Divert target not found: '-> ENDE'", { exact: false })
      .waitFor();
    await settle(ops);
    await screenshot(ops, "studio-station-02-inline-error");
    await problems.getByRole("button", { name: "„END“ einsetzen" }).click();
    await ops.getByText("Das Skript lässt sich übersetzen: keine Fehler.").waitFor();
    await saved();
    expect(await editor.getByText("-> END", { exact: true }).count()).toBe(1);

    // Played beside the script, in the players' app, at the desk: a wrong answer, a right one.
    const preview = ops.getByRole("region", { name: "Ausprobieren" });
    await preview.getByRole("button", { name: "Entwurf spielen" }).click();
    const phone = ops.frameLocator('iframe[title="Der Entwurf auf einem Handy"]');
    await phone.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await phone.getByRole("heading", { name: "Die Alte Mühle" }).first().waitFor();
    await phone.getByRole("button", { name: "Station starten" }).click();
    await phone.getByRole("dialog").getByRole("button", { name: "Ja, starten" }).click();
    const lena = phone.locator('[data-testid="message"][data-originator="Lena"]');
    await lena.filter({ hasText: "Willkommen an der Alten Mühle!" }).waitFor();
    const tryAnswer = async (text: string) => {
      const field = phone.getByLabel("Deine Antwort");
      await expect.poll(() => field.isEnabled(), { timeout: 10_000 }).toBe(true);
      await field.fill(text);
      await phone.getByRole("button", { name: "Senden" }).click();
    };
    await tryAnswer("drei");
    await lena.filter({ hasText: "Nein, schau noch einmal hin." }).waitFor();
    await tryAnswer("4");
    await lena.filter({ hasText: "Richtig, vier!" }).waitFor();
    await settle(ops);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(ops, "studio-station-02b-preview");
    // Started over at the riddle: a new player, whom Lena asks at once.
    await preview.getByLabel("Den Dialog der Station beginnen bei").selectOption("frage");
    await phone.getByRole("button", { name: "Kostenlos mitmachen" }).click();
    await phone.getByRole("button", { name: "Station starten" }).click();
    await phone.getByRole("dialog").getByRole("button", { name: "Ja, starten" }).click();
    await lena.filter({ hasText: "Wie viele Flügel hat das Mühlrad" }).waitFor();
    expect(await lena.filter({ hasText: "Willkommen an der Alten Mühle!" }).count()).toBe(0);
    // The preview's players are none of the game's.
    const overview = await ops.request.get("/api/ops/overview");
    const { players } = (await overview.json()) as { players: { total: number } };
    expect(players.total).toBe(0);

    await ops.getByRole("link", { name: "Alle Dateien" }).click();
    await ops.getByRole("button", { name: "Prüfen" }).click();
    await ops.getByText(/^Die Prüfung fand 0 Fehler und \d+ Warnung/).waitFor();
    await ops.getByRole("button", { name: "Veröffentlichen" }).click();
    await ops.getByRole("button", { name: "Ja, veröffentlichen" }).click();
    await ops.getByRole("status").filter({ hasText: "Version 2 ist live." }).waitFor();

    const player = (await phonePage(browser as Browser, server.url)).page;
    await joinForFree(player, "/webapp/station/16");
    await player.getByRole("heading", { name: "Die Alte Mühle" }).first().waitFor();
    await startStation(player);
    await messagesFrom(player, "Lena")
      .filter({ hasText: "Willkommen an der Alten Mühle!" })
      .waitFor();
    const answer = player.getByLabel("Deine Antwort");
    await expect.poll(() => answer.isEnabled(), { timeout: 10_000 }).toBe(true);
    await answer.fill("drei");
    await player.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(player, "Lena")
      .filter({ hasText: "Nein, schau noch einmal hin." })
      .waitFor();
    await expect.poll(() => answer.isEnabled(), { timeout: 10_000 }).toBe(true);
    await answer.fill("4");
    await player.getByRole("button", { name: "Senden" }).click();
    await messagesFrom(player, "Lena").filter({ hasText: "Richtig, vier!" }).waitFor();
    await settle(player);
    await screenshot(player, "studio-station-03-played");

    // Rolled back: gone for a new player; the one who played it goes on.
    await ops.getByRole("navigation").getByRole("link", { name: "Versionen" }).click();
    const first = ops.getByRole("listitem", { name: /^Version 1 / });
    await first.getByRole("button", { name: "Version 1 live schalten" }).click();
    await ops.getByRole("button", { name: "Ja, live schalten" }).click();
    await ops.getByRole("status").filter({ hasText: "Version 1 ist live." }).waitFor();
    const newcomer = (await phonePage(browser as Browser, server.url)).page;
    await joinForFree(newcomer, "/webapp/station");
    await newcomer.getByRole("link", { name: /Der Marktplatz/ }).waitFor();
    expect(await newcomer.getByRole("link", { name: /Die Alte Mühle/ }).count()).toBe(0);
    await player.goto("/webapp/station");
    await player.getByRole("link", { name: /Der Marktplatz/ }).waitFor();
  });
});
