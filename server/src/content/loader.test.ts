// Over 300 lines: every check of the pack loader, each with a small pack of its own.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { loadContentPack } from "./loader";
import { ContentError } from "./model";
import type { ContentProblem } from "./model";

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));

const station = `id: 10
name: mensa
character: Koch
latitude: 50.8
longitude: 8.7
points: 0
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

/** The number of the first line of the pack's `file` that holds `text`, as the file is now. */
async function lineOf(text: string | RegExp, file = "game.yaml"): Promise<number> {
  const lines = (await readFile(path.join(pack, file), "utf8")).split("\n");
  const index = lines.findIndex((line) =>
    typeof text === "string" ? line.includes(text) : text.test(line),
  );
  if (index < 0) throw new Error(`${file} holds no line with ${text}`);
  return index + 1;
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
    expect(loaded.stations.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 14, 15]);
    const [marktplatz, , kirche] = loaded.stations;
    expect(Object.keys(marktplatz?.scripts ?? {}).sort()).toEqual(["de", "de-formal", "en"]);
    expect(JSON.parse(marktplatz?.scripts.de ?? "")).toHaveProperty("inkVersion");
    expect(kirche).toMatchObject({
      image: "stations/3/elisabethkirche.jpg",
      dir: path.join(demo, "stations", "3-elisabethkirche"),
    });
  });

  it("fills in the defaults and takes a plain string for every language", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write("stations/10-mensa/script.de.ink", "Guten Appetit!\n");
    await edit("game.yaml", (t) =>
      t.replace(/title:\n {2}de: .*\n {2}en: .*\n/, "title: Marburg\n"),
    );
    const loaded = await loadContentPack(pack);
    expect(loaded.title).toEqual({ de: "Marburg" });
    expect(loaded.stations.find((s) => s.id === 10)).toMatchObject({
      id: 10,
      character: { de: "Koch" },
      view: "station",
      style: "game-station",
      visible: true,
      live: true,
      group: "",
    });
  });

  it("takes a character's name per language, and refuses an empty one", async () => {
    await write(
      "stations/10-mensa/station.yaml",
      station.replace("character: Koch", "character: { de: Der Koch, en: The Cook }"),
    );
    await write("stations/10-mensa/script.de.ink", "Guten Appetit!\n");
    const loaded = await loadContentPack(pack);
    expect(loaded.stations.find((s) => s.id === 10)?.character).toEqual({
      de: "Der Koch",
      en: "The Cook",
    });
    await write(
      "stations/10-mensa/station.yaml",
      station.replace("character: Koch", "character: { en: The Cook, fr: Le Chef }"),
    );
    expect(await problems()).toEqual([
      { file: "stations/10-mensa/station.yaml", line: 3, message: "character.de: required" },
      { file: "stations/10-mensa/station.yaml", line: 3, message: "unknown key character.fr" },
    ]);
  });

  it("takes when the game master's overview marks someone as stuck, and refuses a bad value", async () => {
    expect((await loadContentPack(pack)).gameMaster).toBeUndefined();
    await edit("game.yaml", (t) => `${t}gameMaster:\n  stuckAfterMinutes: 45\n`);
    expect((await loadContentPack(pack)).gameMaster).toEqual({ stuckAfterMinutes: 45 });
    await edit("game.yaml", (t) => t.replace("stuckAfterMinutes: 45", "stuckAfterWrongAnswers: 0"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: expect.any(Number),
        message: expect.stringMatching(/^gameMaster\.stuckAfterWrongAnswers: /),
      },
    ]);
  });

  it("reports bad yaml at its line", async () => {
    await edit("game.yaml", (t) => t.replace("teams: off", "teams: [off"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: 10,
        message: "a { … } or [ … ] above this line is not closed: end it with } or ] on its line",
      },
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
    await edit("stations/2-schloss/station.yaml", (t) => t.replace("id: 2", "id: 12"));
    expect(await problems()).toEqual([
      {
        file: "stations/2-schloss/station.yaml",
        line: 1,
        message: 'id 12: the folder\'s name must start with "12-"',
      },
    ]);
  });

  it("reports an id larger than the database stores", async () => {
    await edit("stations/2-schloss/station.yaml", (t) => t.replace("id: 2", "id: 2147483648"));
    expect(await problems()).toContainEqual({
      file: "stations/2-schloss/station.yaml",
      line: 1,
      message: expect.stringMatching(/^id: .*2147483647/) as string,
    });
  });

  it("reports an ink compile error with its line", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write("stations/10-mensa/script.de.ink", "Hallo!\n+ [Weiter]\n  -> nirgendwo\n");
    expect(await problems()).toEqual([
      {
        file: "stations/10-mensa/script.de.ink",
        line: 3,
        message: "Divert target not found: '-> nirgendwo'",
      },
    ]);
  });

  it("reports an unescaped https:// that ink would read as a comment", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write(
      "stations/10-mensa/script.de.ink",
      "Hallo!\nhttps://example.org/a.mp4 #content\nhttps:\\/\\/example.org/b.mp4 #content\n",
    );
    expect(await problems()).toEqual([
      {
        file: "stations/10-mensa/script.de.ink",
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
    await write("stations/10-mensa/station.yaml", station);
    await write(
      "stations/10-mensa/script.de.ink",
      "stations/3/elisabethkirche.jpg #content\n- stations/99/x.jpg #content\nrathaus.jpg #content\n",
    );
    expect(await problems()).toEqual([
      {
        file: "stations/10-mensa/script.de.ink",
        line: 2,
        message: "stations/99/x.jpg: there is no station 99",
      },
      {
        file: "stations/10-mensa/script.de.ink",
        line: 3,
        message:
          "rathaus.jpg: not a media path like stations/<id>/<file>, stories/<id>/<file>, points/<file>, intro/<file>, map/<file> or app/<file>",
      },
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

const minimalGame = `id: klein
title: Klein
defaultLanguage: de
settings:
  apiVersion: 1
  allowTeams: false
  registrationLess: false
  debug: false
  stationDistanceThreshold: 3000
  allowGeolocation: true
  allowSortbyDistance: true
texts:
  rejection: Nein.
`;

describe("the game's stories, crest, intro, help, privacy and news", () => {
  it("loads them from the demo pack, German as the fallback", async () => {
    const loaded = await loadContentPack(demo);
    expect(loaded.stories?.map((s) => [s.id, s.name, s.requiredPoints])).toEqual([
      [1, "zwei-studenten", 1],
      [2, "savignys-bibliothek", 2],
      [3, "das-maerchenbuch", 4],
    ]);
    expect(loaded.stories?.[0]).toMatchObject({
      live: true,
      chapter: { de: "Kapitel 1", en: "Chapter 1" },
      headline: { de: "Zwei Studenten in Marburg" },
      audio: { de: "stories/1/erzaehlung.mp3", en: "stories/1/narration-en.mp3" },
      image: "stories/1/kerze.png",
      dir: path.join(demo, "stories", "1-zwei-studenten"),
    });
    expect(loaded.stories?.[0]?.text.de).toMatch(/^Im Herbst 1802 .*\n\n.*Feder\.\n$/s);
    expect(loaded.crest?.map((c) => [c.finishedStories, c.image])).toEqual([
      [0, "points/wappen-0.png"],
      [1, "points/wappen-1.png"],
      [2, "points/wappen-2.png"],
      [3, "points/wappen-3.png"],
    ]);
    expect(loaded.intro?.map((s) => s.image)).toEqual([
      "intro/1.png",
      "intro/2.png",
      "intro/3.png",
      "intro/4.png",
    ]);
    expect(loaded.help?.length).toBeGreaterThanOrEqual(4);
    expect(loaded.privacy?.provider).toEqual({
      name: "Wegmarke Demo GmbH",
      address: ["Markt 1", "35037 Marburg", "Deutschland"],
      email: "datenschutz@wegmarke-demo.example",
    });
    for (const text of Object.values(loaded.privacy?.text ?? {})) expect(text).toMatch(/14/);
    expect(loaded.news?.length).toBeGreaterThanOrEqual(3);
    expect(loaded.stations.find((s) => s.id === 6)?.reminder).toEqual({
      afterMs: 180_000,
      text: expect.objectContaining({ de: expect.stringMatching(/Straßenschild/) as string }),
    });
  });

  it("are all optional: a pack without them has none", async () => {
    await write("game.yaml", minimalGame);
    await rm(path.join(pack, "stories"), { recursive: true });
    const loaded = await loadContentPack(pack);
    expect(loaded).toMatchObject({ stories: [], crest: [], intro: [], help: [], news: [] });
    expect(loaded).not.toHaveProperty("privacy");
  });

  it("reports an intro without exactly four steps", async () => {
    // Drops the third step: its "- headline:" line and the indented lines below it.
    await edit("game.yaml", (t) =>
      t.replace(/ {2}- headline:\n {6}de: Punkte sammeln\n(?: {4}.*\n)*/, ""),
    );
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf(/^intro:/),
        message: "intro: expected exactly 4 steps",
      },
    ]);
  });

  it("reports a crest key that is no count, a missing row for 0 and rows past the stories", async () => {
    const crest = await readFile(path.join(pack, "game.yaml"), "utf8");
    await write("game.yaml", crest.replace("  0:\n", "  zero:\n"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf("  zero:"),
        message: "crest.zero: expected a count of finished stories: 0, 1, 2, …",
      },
    ]);
    await write("game.yaml", crest.replace("  0:\n", "  4:\n"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf(/^crest:/),
        message: "crest: needs a row for 0 finished stories",
      },
    ]);
    await write("game.yaml", crest.replace("  3:\n", "  5:\n"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf("  5:"),
        message: "crest.5: the pack has only 3 live stories",
      },
    ]);
  });

  it("reports missing crest and intro images at their lines", async () => {
    await rm(path.join(pack, "points/wappen-2.png"));
    await edit("game.yaml", (t) => t.replace("image: intro/3.png", "image: stations/3/intro.png"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf("points/wappen-2.png"),
        message: "points/wappen-2.png: file not found in points/",
      },
      {
        file: "game.yaml",
        line: await lineOf("stations/3/intro.png"),
        message: "stations/3/intro.png: file not found in stations/3-elisabethkirche/",
      },
    ]);
  });

  it("reports an image the server would not send, being no image, mp3 or video", async () => {
    await write("points/wappen-2.bmp", "BM");
    await edit("game.yaml", (t) => t.replace("points/wappen-2.png", "points/wappen-2.bmp"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf("points/wappen-2.bmp"),
        message:
          "points/wappen-2.bmp: the server sends only images (jpg, png, gif, webp, avif, svg), mp3, mp4 and webm",
      },
    ]);
  });

  it("reports a symbolic link that leaves the pack or leads nowhere, not one within it", async () => {
    await symlink(os.tmpdir(), path.join(pack, "points/tmp"));
    await symlink("wappen-0.png", path.join(pack, "points/wappen.png"));
    await symlink("gone.png", path.join(pack, "intro/gone.png"));
    expect(await problems()).toEqual([
      { file: "intro/gone.png", message: "link leads nowhere: gone.png" },
      { file: "points/tmp", message: `link leaves the pack: ${os.tmpdir()}` },
    ]);
  });

  it("reports a privacy notice without its provider's email", async () => {
    await edit("game.yaml", (t) => t.replace(/ {4}email: .*\n/, "    email: bei uns\n"));
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: await lineOf("email: bei uns"),
        message: "privacy.provider.email: Invalid email address",
      },
    ]);
  });

  it("reads phoneRegion, DE when not set, and reports a code that is no country's", async () => {
    expect((await loadContentPack(pack)).phoneRegion).toBe("DE");
    await edit("game.yaml", (t) => t.replace("phoneRegion: DE\n", "phoneRegion: AT\n"));
    expect((await loadContentPack(pack)).phoneRegion).toBe("AT");
    await edit("game.yaml", (t) => t.replace("phoneRegion: AT\n", "phoneRegion: Austria\n"));
    const text = await readFile(path.join(pack, "game.yaml"), "utf8");
    expect(await problems()).toEqual([
      {
        file: "game.yaml",
        line: text.split("\n").indexOf("phoneRegion: Austria") + 1,
        message: "phoneRegion: expected a country's two-letter code, such as DE, AT or CH",
      },
    ]);
    await edit("game.yaml", (t) => t.replace("phoneRegion: Austria\n", ""));
    expect((await loadContentPack(pack)).phoneRegion).toBe("DE");
  });
});

describe("story folders", () => {
  const file = "stories/2-savignys-bibliothek/story.yaml";

  it("report missing audio and images, and audio that is no mp3", async () => {
    await edit(file, (t) =>
      t
        .replace("stories/2/bibliothek.png", "stories/2/regal.png")
        .replace("stories/2/narration-en.mp3", "stories/2/narration-en.ogg"),
    );
    await rm(path.join(pack, "stories/2-savignys-bibliothek/erzaehlung.mp3"));
    expect(await problems()).toEqual([
      {
        file,
        line: 12,
        message: "stories/2/regal.png: file not found in stories/2-savignys-bibliothek/",
      },
      {
        file,
        line: 14,
        message: "stories/2/erzaehlung.mp3: file not found in stories/2-savignys-bibliothek/",
      },
      { file, line: 15, message: "stories/2/narration-en.ogg: not an mp3 file" },
      {
        file,
        line: 15,
        message: "stories/2/narration-en.ogg: file not found in stories/2-savignys-bibliothek/",
      },
    ]);
  });

  it("report a story that needs more stations with points than the pack has", async () => {
    await edit(file, (t) => t.replace("requiredPoints: 2", "requiredPoints: 12"));
    expect(await problems()).toEqual([
      { file, line: 11, message: "requiredPoints 12: only 11 live stations award points" },
    ]);
  });

  it("report missing fields, unknown keys, duplicate ids and a wrong folder name", async () => {
    await edit(file, (t) =>
      t.replace(/^headline:\n(?: {2}.*\n)+/m, "").replace("live: true", "live: true\nlength: 3"),
    );
    await write(
      "stories/7-kopie/story.yaml",
      await readFile(path.join(pack, "stories/1-zwei-studenten/story.yaml"), "utf8"),
    );
    expect(await problems()).toEqual([
      { file, line: 1, message: "headline: required" },
      { file, line: 4, message: "unknown key length" },
      {
        file: "stories/7-kopie/story.yaml",
        line: 1,
        message: 'id 1: the folder\'s name must start with "1-"',
      },
      {
        file: "stories/7-kopie/story.yaml",
        line: 1,
        message: "id 1 is already used by stories/1-zwei-studenten/story.yaml",
      },
    ]);
  });

  it("report a missing story.yaml", async () => {
    await rm(path.join(pack, file));
    expect(await problems()).toEqual([{ file, message: "file not found" }]);
  });
});

describe("station reminders, texts and scripts", () => {
  it("report a reminder whose time is no duration", async () => {
    await edit("stations/6-kilianskapelle/station.yaml", (t) => t.replace("after: 3m", "after: 3"));
    expect(await problems()).toEqual([
      {
        file: "stations/6-kilianskapelle/station.yaml",
        line: 30,
        message: "reminder.after: expected a duration like 30s, 10m or 2h",
      },
    ]);
    await edit("stations/6-kilianskapelle/station.yaml", (t) =>
      t.replace("after: 3", "after: drei Minuten"),
    );
    expect((await problems())[0]?.message).toBe(
      "reminder.after: expected a duration like 30s, 10m or 2h",
    );
  });

  it("report a missing file named by a text's content", async () => {
    await edit("stations/4-grimm-stube/station.yaml", (t) =>
      t.replace(
        "    author: Jacob Grimm\n    subject: Help",
        "    content: stations/4/brief.jpg\n    author: Jacob Grimm\n    subject: Help",
      ),
    );
    expect(await problems()).toEqual([
      {
        file: "stations/4-grimm-stube/station.yaml",
        line: 33,
        message: "stations/4/brief.jpg: file not found in stations/4-grimm-stube/",
      },
    ]);
  });

  it("report a #delay the engine cannot read, at its line", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write(
      "stations/10-mensa/script.de.ink",
      'VAR wann = "1m"\nHallo! #delay: 30s\nGleich! #delay: bald\nNachher. #delay: {wann}\n#delay: 5 min\nEssen!\n',
    );
    expect(await problems()).toEqual([
      {
        file: "stations/10-mensa/script.de.ink",
        line: 3,
        message: "#delay: bald: write a duration like 30s, 10m or 2h",
      },
      {
        file: "stations/10-mensa/script.de.ink",
        line: 5,
        message: "#delay: 5 min: write a duration like 30s, 10m or 2h",
      },
    ]);
  });

  it("report a #seen that is no ratio from 0 to 1, at its line", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write(
      "stations/10-mensa/script.de.ink",
      [
        "VAR anteil = 0.5",
        "stations/3/rosenwunder.mp3 #content #seen: 80",
        "stations/3/rosenwunder.mp3 #content #seen: 80%",
        "stations/3/rosenwunder.mp3 #content #seen: 0,8",
        "stations/3/rosenwunder.mp3 #content #seen: 0.8",
        "stations/3/rosenwunder.mp3 #content #seen: 1",
        "stations/3/rosenwunder.mp3 #content #seen: {anteil}",
        "stations/3/rosenwunder.mp3 #content #seen:",
        "",
      ].join("\n"),
    );
    const at = (line: number, message: string) => ({
      file: "stations/10-mensa/script.de.ink",
      line,
      message,
    });
    expect(await problems()).toEqual([
      at(2, "#seen: 80: write a ratio from 0 to 1, like 0.8 for 80 %"),
      at(3, "#seen: 80%: write a ratio from 0 to 1, like 0.8 for 80 %"),
      at(4, "#seen: 0,8: write a ratio from 0 to 1, like 0.8 for 80 %"),
      at(8, "#seen:: needs a value, like #seen: 0.8"),
    ]);
  });

  it("report tags the engine does not read, on lines, choices and knots, at their lines", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write(
      "stations/10-mensa/script.de.ink",
      [
        "Hallo! #form: Max",
        "stations/3/elisabethkirche.jpg #contnet",
        "Wir sind die \\#1 in Marburg. // #kommentar",
        "Heute gibt es Suppe. #from: Koch #Recommend #delay: 1m",
        "+ [Suppe / Eintopf #answr]",
        "  Lecker! #from Max",
        "+ [Weiter #answer] -> essen",
        "=== essen ===",
        "# knoten",
        "stations/3/elisabethkirche.jpg #content: bild",
        "Guten Appetit! #from:",
        "-> END",
        "",
      ].join("\n"),
    );
    const at = (line: number, message: string) => ({
      file: "stations/10-mensa/script.de.ink",
      line,
      message,
    });
    const known =
      "use #content, #answer, #recommend, #from:, #seen:, #delay:, #photo, #video, #voice, #points:, #auto, #rejected or #hint (and \\# for a # in the text)";
    expect(await problems()).toEqual([
      at(1, `#form: Max: unknown tag: ${known}`),
      at(2, `#contnet: unknown tag: ${known}`),
      at(5, `#answr: unknown tag: ${known}`),
      at(6, "#from Max: write #from: Max"),
      at(9, `#knoten: unknown tag: ${known}`),
      at(10, "#content: bild: #content takes no value"),
      at(11, "#from:: needs a value, like #from: Max"),
    ]);
  });

  it("report #content files the app cannot show, and take images, mp3, mp4, webm and web addresses", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write("stations/10-mensa/lied.ogg", "");
    await write("stations/10-mensa/karte.pdf", "");
    await write("stations/10-mensa/film.webm", "");
    await write("stations/10-mensa/logo.svg", "");
    await write("stations/10-mensa/mein bild.png", "");
    await write(
      "stations/10-mensa/script.de.ink",
      [
        "stations/10/lied.ogg #content",
        "stations/10/karte.pdf #content",
        "stations/10/film.webm #content",
        "stations/10/logo.svg #content",
        "stations/3/rosenwunder.mp3 #content",
        "stations/6/wichtelmaenner.mp4 #content",
        "https:\\/\\/example.org/karte.pdf #content",
        "stations/10/mein bild.png #content",
        "",
      ].join("\n"),
    );
    await edit("stations/4-grimm-stube/station.yaml", (t) =>
      t.replace(
        "    author: Jacob Grimm\n    subject: Help",
        "    content: stations/10/karte.pdf\n    author: Jacob Grimm\n    subject: Help",
      ),
    );
    const reason =
      "the app cannot show this file: use an image (jpg, png, gif, webp, avif, svg), mp3, mp4, webm or an https address";
    expect(await problems()).toEqual([
      {
        file: "stations/10-mensa/script.de.ink",
        line: 1,
        message: `stations/10/lied.ogg: ${reason}`,
      },
      {
        file: "stations/10-mensa/script.de.ink",
        line: 2,
        message: `stations/10/karte.pdf: ${reason}`,
      },
      {
        file: "stations/10-mensa/script.de.ink",
        line: 8,
        message: "stations/10/mein bild.png: the app shows an image only if its path has no spaces",
      },
      {
        file: "stations/4-grimm-stube/station.yaml",
        line: 33,
        message: `stations/10/karte.pdf: ${reason}`,
      },
    ]);
  });

  it("report a station worth points whose script, in any language, never declares VAR points", async () => {
    await write("stations/10-mensa/station.yaml", station.replace("points: 0", "points: 2"));
    await write("stations/10-mensa/script.de.ink", "VAR points = 0\nLecker!\n~ points = 2\n");
    await write("stations/10-mensa/script.en.ink", "Yummy!\n~ temp points = 2\n");
    await write("stations/10-mensa/script.de-formal.ink", 'Lecker!\nVAR points = "zwei"\n');
    expect(await problems()).toEqual([
      {
        file: "stations/10-mensa/script.de-formal.ink",
        line: 2,
        message: "VAR points: must start as a number, like VAR points = 0",
      },
      {
        file: "stations/10-mensa/script.en.ink",
        message:
          "never declares VAR points, so it always awards 0 of the 2 points in station.yaml: add VAR points = 0 and ~ points = …",
      },
    ]);
  });

  it("take a script without VAR points at a station worth no points", async () => {
    await write("stations/10-mensa/station.yaml", station);
    await write("stations/10-mensa/script.de.ink", "Guten Appetit!\n");
    const loaded = await loadContentPack(pack);
    expect(loaded.stations.find((s) => s.id === 10)?.points).toBe(0);
  });
});
