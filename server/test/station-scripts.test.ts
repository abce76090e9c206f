import { cp, readFile, rm } from "node:fs/promises";
import { resolve } from "node:path";
import {
  auditPage,
  opsDraftCheck,
  opsDraftText,
  opsScriptCreated,
  opsStationEdit,
} from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { translationDraft } from "../src/content/ink-translation";
import { loadContentPack } from "../src/content/loader";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A station's dialogue in another language of the game, begun in the studio from its German
 * one, and the station's picture chosen in its form.
 */

const TOKEN = "station-scripts-token-".padEnd(48, "s");
const FOLDER = "stations/7-hexenturm";
const ops = (app: TestApp, method: string, path: string, body?: unknown) =>
  opsCall(app, TOKEN, method, path, body);

describe.each(dialects)("a station's scripts and picture in the studio on $name", (dialect) => {
  let database: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let running: TestApp | undefined;

  beforeEach(async () => {
    database = await dialect.open();
    packDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
    // The tower has no English dialogue: English players get the German one.
    await rm(resolve(packDir.dir, FOLDER, "script.en.ink"));
  });

  afterEach(async () => {
    await running?.close();
    running = undefined;
    await database.done();
    await packDir.remove();
  });

  /** An instance whose live version is the demo without the tower's English dialogue. */
  async function instance(): Promise<TestApp> {
    const pack = await loadContentPack(packDir.dir);
    const app = await startApp({ ...database.where, pack, config: { operatorToken: TOKEN } });
    running = app;
    expect((await ops(app, "POST", "/content/reload", {})).status).toBe(200);
    return app;
  }

  const problemsOf = async (app: TestApp, file: string) => {
    const check = opsDraftCheck.parse((await ops(app, "POST", "/pack/draft/check", {})).json);
    return check.groups.flatMap((group) => group.problems).filter((p) => p.file.startsWith(file));
  };

  it("begins the English dialogue from the German one, marked for translation", async () => {
    const app = await instance();
    expect((await problemsOf(app, FOLDER)).map((p) => p.message)).toEqual([
      "missing in English (en): script.en.ink; players who chose English get the German",
    ]);
    const created = await ops(app, "POST", "/pack/draft/stations/script", {
      folder: FOLDER,
      language: "en",
    });
    expect(created.status, created.text).toBe(201);
    expect(opsScriptCreated.parse(created.json)).toEqual({
      path: `${FOLDER}/script.en.ink`,
      from: `${FOLDER}/script.de.ink`,
    });
    const german = await readFile(resolve(packDir.dir, FOLDER, "script.de.ink"), "utf8");
    const english = opsDraftText.parse(
      (await ops(app, "GET", `/pack/draft/file?path=${FOLDER}/script.en.ink`)).json,
    );
    expect(english.text).toBe(translationDraft(german));

    // The check no longer misses it, but counts what is left to translate.
    const problems = await problemsOf(app, FOLDER);
    expect(problems).toEqual([
      expect.objectContaining({
        file: `${FOLDER}/script.en.ink`,
        severity: "warning",
        message: expect.stringMatching(
          /^\d+ lines not yet translated \(marked \/\/ übersetzen; first at line \d+\)$/,
        ) as string,
      }),
    ]);
    const form = opsStationEdit.parse(
      (await ops(app, "GET", `/pack/draft/station?folder=${FOLDER}`)).json,
    );
    expect(form.scripts).toContain("script.en.ink");

    const again = await ops(app, "POST", "/pack/draft/stations/script", {
      folder: FOLDER,
      language: "en",
    });
    expect(again.status).toBe(409);
    expect(again.text).toContain("exists already");
    const audit = auditPage.parse((await ops(app, "GET", "/audit")).json);
    expect(audit.entries.map((entry) => [entry.action, entry.detail])).toContainEqual([
      "pack.draft.script",
      `${FOLDER}/script.en.ink`,
    ]);
  });

  it("refuses a language the game is not written in, a station that is none and bad input", async () => {
    const app = await instance();
    const formal = await ops(app, "POST", "/pack/draft/stations/script", {
      folder: FOLDER,
      language: "de-formal",
    });
    expect(formal.status).toBe(400);
    expect(formal.text).toContain("not written in de-formal");
    for (const [body, status] of [
      [{ folder: FOLDER, language: "fr" }, 400],
      [{ folder: "../x", language: "en" }, 400],
      [{ folder: "stations/99-nichts", language: "en" }, 404],
    ] as const) {
      const refused = await ops(app, "POST", "/pack/draft/stations/script", body);
      expect(refused.status, JSON.stringify(body)).toBe(status);
    }
  });

  it("shows the station's pictures in its form and saves the one chosen", async () => {
    const app = await instance();
    const folder = "stations/3-elisabethkirche";
    const edit = opsStationEdit.parse(
      (await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).json,
    );
    expect(edit.form.image).toBe("stations/3/elisabethkirche.jpg");
    expect(edit.images).toEqual(["stations/3/elisabethkirche.jpg"]);
    const none = await ops(app, "PUT", "/pack/draft/station", {
      folder,
      form: { ...edit.form, image: "" },
      replaces: edit.hash,
    });
    expect(none.status).toBe(200);
    const without = opsDraftText.parse(
      (await ops(app, "GET", `/pack/draft/file?path=${folder}/station.yaml`)).json,
    );
    expect(without.text).not.toMatch(/^image:/m);
    const read = opsStationEdit.parse(
      (await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).json,
    );
    expect(read.form.image).toBe("");
    const back = await ops(app, "PUT", "/pack/draft/station", {
      folder,
      form: { ...read.form, image: "stations/3/elisabethkirche.jpg" },
      replaces: read.hash,
    });
    expect(back.status).toBe(200);
    expect((await problemsOf(app, folder)).filter((p) => p.severity === "error")).toEqual([]);
  });
});
