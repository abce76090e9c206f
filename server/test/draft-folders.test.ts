import { cp } from "node:fs/promises";
import { resolve } from "node:path";
import {
  auditPage,
  opsDraft,
  opsDraftPublishOutcome,
  opsDraftText,
  opsFolderCreated,
  opsFolderRemoved,
  opsStationEdit,
  opsStoryEdit,
  publicContentSchema,
} from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { loadContentPack } from "../src/content/loader";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Whole folders in the studio's draft: a station copied with its media and removed, a story
 * made from a headline and removed; the draft only, until it is published.
 */

const TOKEN = "draft-folders-token-".padEnd(48, "f");
const ops = (app: TestApp, method: string, path: string, body?: unknown) =>
  opsCall(app, TOKEN, method, path, body);

describe.each(dialects)("the draft's folders on $name", (dialect) => {
  let database: TestDatabase;
  let packDir: { dir: string; remove(): Promise<void> };
  let app: TestApp;

  beforeEach(async () => {
    database = await dialect.open();
    packDir = await tempDir();
    await cp(resolve(repoRoot, "content/demo"), packDir.dir, { recursive: true });
    const pack = await loadContentPack(packDir.dir);
    app = await startApp({ ...database.where, pack, config: { operatorToken: TOKEN } });
    expect((await ops(app, "POST", "/content/reload", {})).status).toBe(200);
  });

  afterEach(async () => {
    await app.close();
    await database.done();
    await packDir.remove();
  });

  const files = async () => opsDraft.parse((await ops(app, "GET", "/pack/draft")).json).files;
  const text = async (path: string) =>
    opsDraftText.parse((await ops(app, "GET", `/pack/draft/file?path=${path}`)).json).text;

  it("copies a station with its media to the next number, its media paths moved along", async () => {
    const copied = await ops(app, "POST", "/pack/draft/station/copy", {
      folder: "stations/9-pfarrkirche",
    });
    expect(copied.status).toBe(201);
    const folder = "stations/16-pfarrkirche-kopie";
    expect(opsFolderCreated.parse(copied.json)).toEqual({ folder, id: 16 });

    const listed = await files();
    const hashOf = (path: string) => listed.find((file) => file.path === path)?.hash;
    for (const name of ["uhrenkasten.png", "geisslein.mp3", "geisslein-en.mp3"]) {
      expect(hashOf(`${folder}/${name}`), name).toBe(hashOf(`stations/9-pfarrkirche/${name}`));
    }
    expect(listed.filter((file) => file.path.startsWith(`${folder}/`))).toHaveLength(7);
    expect(listed.find((file) => file.path === `${folder}/station.yaml`)?.state).toBe("added");

    const yaml = await text(`${folder}/station.yaml`);
    expect(yaml).toContain("# A station of the story view");
    expect(yaml).toContain("\nid: 16\n");
    expect(yaml).toContain("\nname: pfarrkirche-kopie\n");
    expect(yaml).toContain("\nimage: stations/16/uhrenkasten.png\n");
    expect(yaml).toContain("\nlongitude: 8.7687\n");
    const script = await text(`${folder}/script.de.ink`);
    expect(script).toContain("stations/16/geisslein.mp3 #content");
    expect(script).toContain("- stations/16/uhrenkasten.png #content");
    expect(script).not.toContain("stations/9/");
    expect(await text("stations/9-pfarrkirche/script.de.ink")).toContain("stations/9/");

    const edit = opsStationEdit.parse(
      (await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).json,
    );
    expect(edit.form.texts.de?.title).toBe("Märchenstunde an der Pfarrkirche (Kopie)");
    expect(edit.form.texts["de-formal"]?.title).toBe("Märchenstunde an der Pfarrkirche (Kopie)");
    expect(edit.form.texts.en?.title).toBe("Story hour at the parish church (copy)");

    // A second copy: the next number, a name of its own.
    const again = await ops(app, "POST", "/pack/draft/station/copy", {
      folder: "stations/9-pfarrkirche",
    });
    expect(opsFolderCreated.parse(again.json)).toEqual({
      folder: "stations/17-pfarrkirche-kopie-2",
      id: 17,
    });

    const unknown = await ops(app, "POST", "/pack/draft/station/copy", {
      folder: "stations/99-nichts",
    });
    expect(unknown.status).toBe(404);
    expect(unknown.text).toBe("the draft has no station in stations/99-nichts");
    const wrong = await ops(app, "POST", "/pack/draft/station/copy", { folder: "../game.yaml" });
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain("not a station's folder");

    const published = await ops(app, "POST", "/pack/draft/publish", {});
    expect(published.status).toBe(200);
    expect(opsDraftPublishOutcome.parse(published.json)).toMatchObject({ ok: true });
    const content = publicContentSchema.parse(
      await (await fetch(`${app.url}/webapp/content/en.json`)).json(),
    );
    expect(content.stations["16"]).toMatchObject({
      title: "Story hour at the parish church (copy)",
    });
    const medium = await fetch(`${app.url}/assets/webapp-data/stations/16/uhrenkasten.png`);
    expect(medium.status).toBe(200);

    const audit = auditPage.parse((await ops(app, "GET", "/audit")).json);
    expect(audit.entries.map((entry) => [entry.action, entry.detail]).slice(1, 3)).toEqual([
      ["pack.draft.station.copy", "stations/9-pfarrkirche → stations/17-pfarrkirche-kopie-2"],
      ["pack.draft.station.copy", `stations/9-pfarrkirche → ${folder}`],
    ]);
  });

  it("removes a station's folder over the yaml it saw, and the draft's discard brings it back", async () => {
    const folder = "stations/3-elisabethkirche";
    const edit = opsStationEdit.parse(
      (await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).json,
    );
    const stale = await ops(
      app,
      "DELETE",
      `/pack/draft/station?folder=${folder}&replaces=${"0".repeat(64)}`,
    );
    expect(stale.status).toBe(409);
    expect(stale.text).toContain("station.yaml of stations/3-elisabethkirche was changed");

    const removal = await ops(
      app,
      "DELETE",
      `/pack/draft/station?folder=${folder}&replaces=${edit.hash}`,
    );
    expect(removal.status).toBe(200);
    const removed = opsFolderRemoved.parse(removal.json);
    expect(removed.removed).toHaveLength(7);
    expect(removed.removed).toContain(`${folder}/elisabethkirche.jpg`);
    const listed = (await files()).filter((file) => file.path.startsWith(`${folder}/`));
    expect(listed.map((file) => file.state)).toEqual(Array(7).fill("removed"));
    expect((await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).status).toBe(404);
    const twice = await ops(
      app,
      "DELETE",
      `/pack/draft/station?folder=${folder}&replaces=${edit.hash}`,
    );
    expect(twice.status).toBe(404);

    const audit = auditPage.parse((await ops(app, "GET", "/audit")).json);
    expect(audit.entries.map((entry) => [entry.action, entry.detail]).slice(0, 2)).toEqual([
      ["pack.draft.station.remove", folder],
      ["pack.draft.station.remove", `${folder} refused: changed`],
    ]);

    expect((await ops(app, "DELETE", "/pack/draft")).status).toBe(200);
    expect((await ops(app, "GET", `/pack/draft/station?folder=${folder}`)).status).toBe(200);
  });

  it("makes a story from a headline in the game's languages and removes it again", async () => {
    const created = await ops(app, "POST", "/pack/draft/stories", { title: "Die Brüder Grimm" });
    expect(created.status).toBe(201);
    const folder = "stories/4-die-brueder-grimm";
    expect(opsFolderCreated.parse(created.json)).toEqual({ folder, id: 4 });
    const edit = opsStoryEdit.parse(
      (await ops(app, "GET", `/pack/draft/story?folder=${folder}`)).json,
    );
    expect(edit).toMatchObject({
      id: 4,
      languages: ["de", "en"],
      form: {
        name: "die-brueder-grimm",
        live: true,
        requiredPoints: 0,
        texts: {
          de: { chapter: "Kapitel 4", headline: "Die Brüder Grimm", text: "" },
          en: { chapter: "Chapter 4", headline: "Die Brüder Grimm", text: "" },
        },
      },
    });
    expect((await ops(app, "POST", "/pack/draft/stories", { title: "  " })).status).toBe(400);

    const check = await ops(app, "POST", "/pack/draft/check", {});
    expect(check.json).toMatchObject({ errors: 0 });

    const removal = await ops(
      app,
      "DELETE",
      `/pack/draft/story?folder=${folder}&replaces=${edit.hash}`,
    );
    expect(opsFolderRemoved.parse(removal.json)).toEqual({
      folder,
      removed: [`${folder}/story.yaml`],
    });
    // A story the draft made and removed is no file of it any more.
    expect((await files()).some((file) => file.path.startsWith(`${folder}/`))).toBe(false);

    const story = "stories/2-savignys-bibliothek";
    const yaml = opsStoryEdit.parse(
      (await ops(app, "GET", `/pack/draft/story?folder=${story}`)).json,
    );
    const gone = await ops(
      app,
      "DELETE",
      `/pack/draft/story?folder=${story}&replaces=${yaml.hash}`,
    );
    expect(opsFolderRemoved.parse(gone.json).removed).toHaveLength(4);
    const unknown = await ops(
      app,
      "DELETE",
      `/pack/draft/story?folder=stories/9-nichts&replaces=${yaml.hash}`,
    );
    expect(unknown.status).toBe(404);

    const audit = auditPage.parse((await ops(app, "GET", "/audit")).json);
    expect(audit.entries.map((entry) => [entry.action, entry.detail]).slice(0, 3)).toEqual([
      ["pack.draft.story.remove", story],
      ["pack.draft.story.remove", folder],
      ["pack.draft.story", folder],
    ]);
  });
});
