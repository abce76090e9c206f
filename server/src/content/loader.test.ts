import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadContentPack } from "./loader";
import { ContentError } from "./model";
import type { ContentProblem } from "./model";

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));

const station = `id: 4
name: mensa
character: Koch
latitude: 50.8
longitude: 8.7
points: 1
texts:
  de:
    title: Die Mensa
    desc: Hier gibt es Essen.
`;

let pack: string;

beforeEach(async () => {
  pack = await mkdtemp(path.join(os.tmpdir(), "wegmarke-pack-"));
  await cp(demo, pack, { recursive: true });
});

afterEach(async () => {
  await rm(pack, { recursive: true, force: true });
});

async function write(file: string, text: string): Promise<void> {
  await mkdir(path.dirname(path.join(pack, file)), { recursive: true });
  await writeFile(path.join(pack, file), text);
}

async function edit(file: string, change: (text: string) => string): Promise<void> {
  await write(file, change(await readFile(path.join(pack, file), "utf8")));
}

async function problems(): Promise<ContentProblem[]> {
  const error: unknown = await loadContentPack(pack).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof ContentError)) throw new Error("expected a ContentError");
  return error.problems;
}

describe("loadContentPack", () => {
  it("loads the demo pack", async () => {
    const loaded = await loadContentPack(demo);
    expect(loaded).toMatchObject({
      id: "marburg",
      title: { de: "Märchenhaftes Marburg", en: "Fairy-tale Marburg" },
      defaultLanguage: "de",
      settings: { apiVersion: 1, stationDistanceThreshold: 3000 },
      dir: demo,
    });
    expect(loaded.texts.rejection["de-formal"]).toMatch(/Versuchen Sie/);
    expect(loaded.stations.map((s) => s.id)).toEqual([1, 2, 3]);
    const [marktplatz, , kirche] = loaded.stations;
    expect(Object.keys(marktplatz?.scripts ?? {}).sort()).toEqual(["de", "de-formal", "en"]);
    expect(JSON.parse(marktplatz?.scripts.de ?? "")).toHaveProperty("inkVersion");
    expect(kirche).toMatchObject({
      image: "stations/3/elisabethkirche.jpg",
      dir: path.join(demo, "stations", "3-elisabethkirche"),
    });
  });

  it("fills in the defaults and takes a plain string for every language", async () => {
    await write("stations/4-mensa/station.yaml", station);
    await write("stations/4-mensa/script.de.ink", "Guten Appetit!\n");
    await edit("game.yaml", (t) =>
      t.replace(/title:\n {2}de: .*\n {2}en: .*\n/, "title: Marburg\n"),
    );
    const loaded = await loadContentPack(pack);
    expect(loaded.title).toEqual({ de: "Marburg" });
    expect(loaded.stations[3]).toMatchObject({
      id: 4,
      view: "station",
      style: "game-station",
      visible: true,
      live: true,
      group: "",
    });
  });

  it("reports bad yaml at its line", async () => {
    await edit("game.yaml", (t) => t.replace("allowTeams: false", "allowTeams: [false"));
    expect(await problems()).toEqual([
      { file: "game.yaml", line: 10, message: expect.stringMatching(/indented|\]/) as string },
    ]);
  });

  it("reports a missing field", async () => {
    await edit("stations/2-schloss/station.yaml", (t) => t.replace(/^latitude: .*\n/m, ""));
    expect(await problems()).toEqual([
      { file: "stations/2-schloss/station.yaml", line: 1, message: "latitude: required" },
    ]);
  });

  it("reports a missing German text at its parent's line", async () => {
    await edit("stations/2-schloss/station.yaml", (t) => t.replace(/^ {4}desc: .*\n/m, ""));
    expect(await problems()).toEqual([
      { file: "stations/2-schloss/station.yaml", line: 13, message: "texts.de.desc: required" },
    ]);
  });

  it("reports unknown keys and wrong values", async () => {
    await edit("stations/2-schloss/station.yaml", (t) =>
      t.replace("view: station", "view: tower\ncolour: red"),
    );
    expect(await problems()).toEqual([
      {
        file: "stations/2-schloss/station.yaml",
        line: 8,
        message: expect.stringMatching(/^view: /) as string,
      },
      { file: "stations/2-schloss/station.yaml", line: 9, message: "unknown key colour" },
    ]);
  });

  it("reports a duplicate id", async () => {
    await cp(path.join(pack, "stations/1-marktplatz"), path.join(pack, "stations/1-kopie"), {
      recursive: true,
    });
    expect(await problems()).toEqual([
      {
        file: "stations/1-marktplatz/station.yaml",
        line: 1,
        message: "id 1 is already used by stations/1-kopie/station.yaml",
      },
    ]);
  });

  it("reports an id that does not match the folder name", async () => {
    await edit("stations/2-schloss/station.yaml", (t) => t.replace("id: 2", "id: 5"));
    expect(await problems()).toEqual([
      {
        file: "stations/2-schloss/station.yaml",
        line: 1,
        message: 'id 5: the folder\'s name must start with "5-"',
      },
    ]);
  });

  it("reports an ink compile error with its line", async () => {
    await write("stations/4-mensa/station.yaml", station);
    await write("stations/4-mensa/script.de.ink", "Hallo!\n+ [Weiter]\n  -> nirgendwo\n");
    expect(await problems()).toEqual([
      {
        file: "stations/4-mensa/script.de.ink",
        line: 3,
        message: "error: Divert target not found: '-> nirgendwo'",
      },
    ]);
  });

  it("reports an unescaped https:// that ink would read as a comment", async () => {
    await write("stations/4-mensa/station.yaml", station);
    await write(
      "stations/4-mensa/script.de.ink",
      "Hallo!\nhttps://example.org/a.mp4 #content\nhttps:\\/\\/example.org/b.mp4 #content\n",
    );
    expect(await problems()).toEqual([
      {
        file: "stations/4-mensa/script.de.ink",
        line: 2,
        message: "ink reads // as a comment: write https:\\/\\/ instead",
      },
    ]);
  });

  it("reports missing media files named by a script or an image", async () => {
    await edit("stations/3-elisabethkirche/station.yaml", (t) =>
      t.replace("elisabethkirche.jpg", "fehlt.jpg"),
    );
    await edit("stations/3-elisabethkirche/script.en.ink", (t) =>
      t.replace("rosenwunder-en.mp3", "rosenwunder-fr.mp3"),
    );
    await write("stations/4-mensa/station.yaml", station);
    await write(
      "stations/4-mensa/script.de.ink",
      "stations/3/elisabethkirche.jpg #content\n- stations/9/x.jpg #content\nrathaus.jpg #content\n",
    );
    expect(await problems()).toEqual([
      {
        file: "stations/3-elisabethkirche/script.en.ink",
        line: 5,
        message: "stations/3/rosenwunder-fr.mp3: file not found in stations/3-elisabethkirche/",
      },
      {
        file: "stations/3-elisabethkirche/station.yaml",
        line: 12,
        message: "stations/3/fehlt.jpg: file not found in stations/3-elisabethkirche/",
      },
      {
        file: "stations/4-mensa/script.de.ink",
        line: 2,
        message: "stations/9/x.jpg: there is no station 9",
      },
      {
        file: "stations/4-mensa/script.de.ink",
        line: 3,
        message: "rathaus.jpg: not a media path like stations/<id>/<file>",
      },
    ]);
  });

  it("reports a missing script.de.ink and scripts in unknown languages", async () => {
    await rm(path.join(pack, "stations/2-schloss/script.de.ink"));
    await write("stations/2-schloss/script.fr.ink", "Bonjour\n");
    expect(await problems()).toEqual([
      { file: "stations/2-schloss/script.de.ink", message: "missing: every station needs one" },
      {
        file: "stations/2-schloss/script.fr.ink",
        message: "unknown language: use one of de, de-formal, en",
      },
    ]);
  });

  it("reports missing files and folders", async () => {
    await rm(path.join(pack, "game.yaml"));
    await rm(path.join(pack, "stations/2-schloss/station.yaml"));
    expect(await problems()).toEqual([
      { file: "game.yaml", message: "file not found" },
      { file: "stations/2-schloss/station.yaml", message: "file not found" },
    ]);
    await rm(path.join(pack, "stations"), { recursive: true });
    expect(await problems()).toEqual([
      { file: "game.yaml", message: "file not found" },
      { file: "stations", message: "folder not found" },
    ]);
  });

  it("collects every problem of the pack before it throws", async () => {
    await edit("game.yaml", (t) => t.replace("id: marburg", "id: marburg\nname: x"));
    await rm(path.join(pack, "stations/1-marktplatz/script.de.ink"));
    await edit("stations/2-schloss/script.de.ink", (t) => `${t}-> weg\n`);
    const found = await problems();
    expect(found.map((p) => p.file)).toEqual([
      "game.yaml",
      "stations/1-marktplatz/script.de.ink",
      "stations/2-schloss/script.de.ink",
    ]);
  });
});
