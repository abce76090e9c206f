import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * The stations' QR posters from the operators' console, in the language the operator picks:
 * the demo pack's English titles for English-speaking players.
 */
describe("station posters in the console", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it("are a PDF in the language picked, one page per station", async () => {
    await signInNewOperator(ops, "lena", addOperator(server, "lena"), "Stationsplakat-9");
    await ops.getByRole("navigation").getByRole("link", { name: "Export & Neuladen" }).click();

    const posters = ops.getByRole("region", { name: "Stationsplakate" });
    await posters.getByLabel("Sprache").selectOption({ label: "Englisch" });
    await settle(ops);
    await screenshot(ops, "46-ops-posters");
    const [download] = await Promise.all([
      ops.waitForEvent("download"),
      posters.getByRole("link", { name: "Plakate herunterladen (PDF)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("wegmarke-station-posters-en.pdf");
    const pdf = (await readFile(await download.path())).toString("latin1");
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(pdf.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(11);
    // The document's title, an object of its own: the English one.
    expect(pdf).toMatch(/ 0 obj\n\(Fairy-tale Marburg: stations\)\nendobj\n/);
  });
});
