import { readFile } from "node:fs/promises";
import { strFromU8, strToU8, unzipSync, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { launchBrowser, phonePage, screenshot } from "../support/browser";
import { demoPackWith, type GamePack } from "../support/content";
import { joinForFree, settle } from "../support/play";
import { addOperator, signInNewOperator } from "../support/operators";
import { startServer, type RunningServer } from "../support/server";

/**
 * The pack's versions in the console, as an organiser uses them: the version the server
 * started with, downloaded as a zip, changed on the desk and imported, made live for the
 * players, and rolled back.
 */
describe("the pack's versions in the console", () => {
  let server: RunningServer;
  let browser: Browser | undefined;
  let ops: Page;
  let player: Page;
  let pack: GamePack;

  beforeAll(async () => {
    pack = await demoPackWith({});
    server = await startServer({ CONTENT_DIR: pack.dir });
    browser = await launchBrowser();
    ops = (await phonePage(browser, server.url)).page;
    player = (await phonePage(browser, server.url)).page;
    await signInNewOperator(ops, "mara", addOperator(server, "mara"), "Versionen-Probe-4");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await pack?.remove();
  });

  const list = () => ops.getByRole("list", { name: "Versionen des Spiels" });
  const row = (id: number) => list().getByRole("listitem", { name: new RegExp(`^Version ${id} `) });
  /** The game's title in the player's app, once reloaded ("Station … · title"). */
  const expectTitle = async (title: string) => {
    await player.reload();
    await expect
      .poll(async () => (await player.title()).split(" · ").slice(1).join(" · "), {
        timeout: 10_000,
      })
      .toBe(title);
  };

  it("lists the version the server started with, from its content folder, as live", async () => {
    await joinForFree(player, "/webapp/station");
    await ops.getByRole("navigation").getByRole("link", { name: "Versionen" }).click();
    await ops.getByRole("heading", { level: 1, name: "Versionen" }).waitFor();
    await row(1).getByText("jetzt live").waitFor();
    await row(1).getByText("Inhaltsordner des Servers", { exact: true }).waitFor();
    // The instance runs that version: the console names it by the same code.
    const code = await row(1).getByRole("heading").locator("code").innerText();
    await ops.getByRole("table", { name: "Server-Instanzen" }).getByText(code).waitFor();
  });

  it("imports a changed zip of the folder, makes it live, and rolls back", async () => {
    const [download] = await Promise.all([
      ops.waitForEvent("download"),
      row(1).getByRole("link", { name: "Version 1 herunterladen (ZIP)" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("marburg-1.zip");
    const files = unzipSync(await readFile(await download.path()));
    const yaml = strFromU8(files["marburg-1/game.yaml"] ?? new Uint8Array());
    expect(yaml).toContain("de: Märchenhaftes Marburg");
    files["marburg-1/game.yaml"] = strToU8(
      yaml.replace("de: Märchenhaftes Marburg", "de: Marburg bei Nacht"),
    );
    await ops.getByLabel("ZIP-Datei eines Paketordners importieren:").setInputFiles({
      name: "marburg-bei-nacht.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipSync(files)),
    });
    await ops
      .getByRole("status")
      .filter({ hasText: "Version 2 wurde gespeichert. Sie ist noch nicht live." })
      .waitFor();
    await row(2).getByText("nie live").waitFor();
    await row(2).getByText("ZIP-Import, mara", { exact: true }).waitFor();
    await row(2).getByRole("button", { name: "Änderungen in Version 2" }).click();
    await row(2).getByText("1 Datei unterscheidet sich von Version 1:").waitFor();
    await row(2).getByText("game.yaml", { exact: true }).click();
    await row(2).getByText("+  de: Marburg bei Nacht").waitFor();
    await row(2).getByText("-  de: Märchenhaftes Marburg").waitFor();
    await settle(ops);
    await screenshot(ops, "pack-versions-00-changes");
    await expectTitle("Märchenhaftes Marburg");

    await row(2).getByRole("button", { name: "Version 2 live schalten" }).click();
    await settle(ops);
    await screenshot(ops, "pack-versions-01-confirm");
    await ops.getByRole("button", { name: "Ja, live schalten" }).click();
    await ops.getByRole("status").filter({ hasText: "Version 2 ist live." }).waitFor();
    await row(2).getByText("jetzt live").waitFor();
    await expectTitle("Marburg bei Nacht");

    await row(1).getByRole("button", { name: "Version 1 live schalten" }).click();
    await ops.getByRole("button", { name: "Ja, live schalten" }).click();
    await ops.getByRole("status").filter({ hasText: "Version 1 ist live." }).waitFor();
    await row(1).getByText("jetzt live").waitFor();
    await expectTitle("Märchenhaftes Marburg");
    await settle(ops);
    await screenshot(ops, "pack-versions-02-rolled-back");
  });

  it("refuses a zip of another game and says why, storing nothing", async () => {
    const [download] = await Promise.all([
      ops.waitForEvent("download"),
      row(1).getByRole("link", { name: "Version 1 herunterladen (ZIP)" }).click(),
    ]);
    const files = unzipSync(await readFile(await download.path()));
    const yaml = strFromU8(files["marburg-1/game.yaml"] ?? new Uint8Array());
    files["marburg-1/game.yaml"] = strToU8(yaml.replace(/^id: marburg$/m, "id: kassel"));
    await ops.getByLabel("ZIP-Datei eines Paketordners importieren:").setInputFiles({
      name: "kassel.zip",
      mimeType: "application/zip",
      buffer: Buffer.from(zipSync(files)),
    });
    const refused = ops.getByRole("alert").filter({ hasText: "Die ZIP-Datei wurde abgelehnt" });
    await refused.waitFor();
    expect(await refused.getByRole("listitem").allInnerTexts()).toEqual([
      'game.yaml: id is "kassel": this server plays "marburg"',
    ]);
    expect(
      await list()
        .getByRole("listitem", { name: /^Version \d+ / })
        .count(),
    ).toBe(2);
    await settle(ops);
    await screenshot(ops, "pack-versions-03-refused");
  });

  it("shows a host the versions, but no import and no release", async () => {
    if (!browser) throw new Error("no browser");
    const host = (await phonePage(browser, server.url)).page;
    await signInNewOperator(
      host,
      "gastgeber",
      addOperator(server, "gastgeber", "host"),
      "Gast-4711",
    );
    await host.getByText("Rollen: Gastgeber/in").waitFor();
    await host.getByRole("navigation").getByRole("link", { name: "Versionen" }).click();
    const versions = host.getByRole("list", { name: "Versionen des Spiels" });
    await versions.getByRole("listitem", { name: /^Version 2 / }).waitFor();
    await host
      .getByText("Dafür braucht es die Rolle Autor/in; ein Admin vergibt sie (Team).")
      .waitFor();
    expect(await host.getByLabel("ZIP-Datei eines Paketordners importieren:").count()).toBe(0);
    expect(await host.getByRole("button", { name: /live schalten$/ }).count()).toBe(0);
    await settle(host);
    await screenshot(host, "pack-versions-04-host");
  });
});
