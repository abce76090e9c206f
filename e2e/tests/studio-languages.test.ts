import { readFile, rm } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

const repoRoot = fileURLToPath(new URL("../..", import.meta.url));
const FOLDER = "stations/7-hexenturm";

/**
 * A station without its English dialogue: the author begins it in the studio from the German
 * one, marked for translation, and gives the station a picture uploaded in its form.
 */
describe("a station's English dialogue and picture in the studio", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let pack: GamePack;

  beforeAll(async () => {
    pack = await demoPackWith({});
    await rm(join(pack.dir, FOLDER, "script.en.ink"));
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    await signInNewOperator(ops, "jo", addOperator(server, "jo"), "Hexenturm-Probe-2026");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  it("begins the English dialogue and uploads the station's picture in its form", async () => {
    await ops.getByRole("navigation").getByRole("link", { name: "Studio" }).click();
    await ops.locator("details.draft-folder summary", { hasText: FOLDER }).click();
    await ops.getByRole("link", { name: "Station 7 im Formular bearbeiten" }).click();
    await ops.getByRole("heading", { name: /^Station 7: / }).waitFor();

    await ops.getByRole("button", { name: "Dialog auf Englisch anlegen" }).click();
    const made = ops.getByRole("link", { name: /^script\.en\.ink angelegt/ });
    await made.waitFor();

    // The picture: the folder's own, none, or one uploaded here and chosen at once.
    const picture = ops.getByLabel("Bild der Station");
    expect(await picture.inputValue()).toBe("stations/7/hexenturm.png");
    await picture.selectOption({ label: "kein Bild" });
    await ops.getByLabel("Ein neues Bild hochladen:").setInputFiles({
      name: "Turm bei Nacht.png",
      mimeType: "image/png",
      buffer: await readFile(resolve(repoRoot, "content/demo/intro/1.png")),
    });
    await expect.poll(() => picture.inputValue()).toBe("stations/7/turm-bei-nacht.png");
    await ops.locator(".media-choice__thumb").waitFor();
    await ops.getByRole("button", { name: "Im Entwurf speichern" }).click();
    await ops.getByRole("status").filter({ hasText: "Im Entwurf gespeichert." }).waitFor();
    await settle(ops);
    await screenshot(ops, "studio-languages-01-form");
    const yaml = await ops.request.get(
      `/api/ops/pack/draft/file?path=${encodeURIComponent(`${FOLDER}/station.yaml`)}`,
    );
    expect(((await yaml.json()) as { text: string }).text).toContain(
      "image: stations/7/turm-bei-nacht.png\n",
    );

    // The English script: the German lines, each marked for translation.
    await made.click();
    const editor = ops.getByRole("textbox", { name: `Inhalt von ${FOLDER}/script.en.ink` });
    await editor.getByText("// übersetzen").first().waitFor();

    // The check counts what is left to translate, as a warning.
    await ops.getByRole("link", { name: "Alle Dateien" }).click();
    await ops.getByRole("button", { name: "Prüfen" }).click();
    await ops.getByText(/^\d+ lines not yet translated \(marked \/\/ übersetzen/).waitFor();
    await ops.getByText(/^Die Prüfung fand 0 Fehler und 1 Warnung/).waitFor();
    await settle(ops);
    await screenshot(ops, "studio-languages-02-check");
  });
});
