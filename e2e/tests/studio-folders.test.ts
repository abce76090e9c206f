import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

const COPY = "stations/16-pfarrkirche-kopie";

/**
 * An organiser duplicates a station and deletes another in the studio: each a button in the
 * station's form, the deletion after a question; the draft's files then show the copy with its
 * media and the deleted station's files as removed.
 */
describe("stations duplicated and deleted in the studio", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let pack: GamePack;

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    await signInNewOperator(ops, "ole", addOperator(server, "ole"), "Kopie-Probe-2026");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const folder = (name: string) => ops.locator("details.draft-folder").filter({ hasText: name });
  const openStation = async (name: string, id: number) => {
    await folder(name).locator("summary").click();
    await folder(name)
      .getByRole("link", { name: `Station ${id} im Formular bearbeiten` })
      .click();
  };

  it("duplicates a station with its media and opens the copy's form", async () => {
    await ops.getByRole("navigation").getByRole("link", { name: "Studio" }).click();
    await openStation("stations/9-pfarrkirche", 9);
    await ops.getByRole("button", { name: "Station duplizieren" }).click();
    await ops
      .getByRole("heading", { name: "Station 16: Märchenstunde an der Pfarrkirche (Kopie)" })
      .waitFor();
    expect(new URL(ops.url()).searchParams.get("station")).toBe(COPY);
  });

  it("deletes another station after a question, and the draft's files show both", async () => {
    await ops.getByRole("link", { name: "Alle Dateien" }).click();
    await openStation("stations/2-schloss", 2);
    await ops.getByRole("button", { name: "Station löschen" }).click();
    const question = ops.getByRole("group", { name: /^Station 2 „.*“ mit ihren Dialogen/ });
    await question.getByText("bis zum Veröffentlichen", { exact: false }).waitFor();
    await settle(ops);
    await screenshot(ops, "studio-folders-00-delete");
    await question.getByRole("button", { name: "Ja, löschen" }).click();
    await ops
      .getByRole("heading", { name: /^Entwurf auf Version \d+ · live: Version \d+$/ })
      .waitFor();

    // Folders with changes are open: the copy's files are new, the deleted ones removed.
    const copy = folder(COPY);
    for (const name of ["station.yaml", "script.de.ink", "uhrenkasten.png", "geisslein.mp3"]) {
      await copy.locator("li.draft-file--added").filter({ hasText: name }).waitFor();
    }
    const removed = folder("stations/2-schloss").locator("li.draft-file--removed");
    await expect.poll(() => removed.count()).toBe(4);
    await ops.getByText("11 Dateien im Entwurf geändert", { exact: false }).waitFor();
    await settle(ops);
    await screenshot(ops, "studio-folders-01-files");
  });
});
