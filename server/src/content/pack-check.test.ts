// Over 300 lines: the check as an operator meets it, on copies of the demo pack broken in many
// ways: every problem found in one run, and printed as npm run content:check prints it.
import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { spawnSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkContentPack, loadContentPack } from "./loader";
import { ContentError } from "./model";
import type { ContentProblem } from "./model";

const demo = fileURLToPath(new URL("../../../content/demo", import.meta.url));
const cli = fileURLToPath(new URL("./check-cli.ts", import.meta.url));

let pack: string;

beforeEach(async () => {
  pack = await mkdtemp(path.join(os.tmpdir(), "wegmarke-check-"));
  await cp(demo, pack, { recursive: true });
});

afterEach(async () => {
  await rm(pack, { recursive: true, force: true });
});

async function edit(file: string, change: (text: string) => string): Promise<void> {
  const text = await readFile(path.join(pack, file), "utf8");
  const changed = change(text);
  if (changed === text) throw new Error(`${file}: the edit changed nothing`);
  await writeFile(path.join(pack, file), changed);
}

const at = (file: string, line: number | undefined, message: string): ContentProblem =>
  line === undefined ? { file, message } : { file, line, message };

/** Breaks the demo pack in many ways at once, as an operator might in one evening. */
async function breakPack(): Promise<void> {
  await edit("game.yaml", (t) => t.replace(/ {2}teams: .*\n/, ""));
  // Two ink errors in one file.
  await edit("stations/1-marktplatz/script.de.ink", (t) =>
    t.replace("    -> frage", "    -> frag").replace(/^-> END$/m, "-> ende"),
  );
  await edit("stations/2-schloss/station.yaml", (t) =>
    t.replace("    desc: Hoch über der Stadt wartet der Landgraf.", "   desc: Hoch oben."),
  );
  await edit("stations/3-elisabethkirche/station.yaml", (t) => `${t}colour: red\n`);
  await edit("stations/4-grimm-stube/station.yaml", (t) =>
    t.replace("    title: A letter from Jacob Grimm\n", ""),
  );
  await edit("stations/5-alte-universitaet/script.de.ink", (t) =>
    t.replace("#recommend: kilianskapelle", "#recommend: kilianskapele"),
  );
  await rm(path.join(pack, "stations/7-hexenturm/script.en.ink"));
  await edit("stories/3-das-maerchenbuch/story.yaml", (t) =>
    t.replace("requiredPoints: 4", "requiredPoints: 12"),
  );
}

const brokenErrors = [
  at("game.yaml", 7, "settings.teams: required"),
  at("stations/1-marktplatz/script.de.ink", 12, "Divert target not found: '-> frag'"),
  at("stations/1-marktplatz/script.de.ink", 14, "Divert target not found: '-> ende'"),
  at(
    "stations/2-schloss/station.yaml",
    15,
    "wrong indentation: the keys (or - items) of one block must start in the same column as the ones above",
  ),
  at("stations/3-elisabethkirche/station.yaml", 28, "unknown key colour"),
  at("stations/4-grimm-stube/station.yaml", 29, "texts.en.title: required"),
  at(
    "stories/3-das-maerchenbuch/story.yaml",
    11,
    // Stations 3 and 4 count: their points are right; station 2's file cannot be read.
    "requiredPoints 12: only 10 live stations award points (1 more station.yaml cannot be read)",
  ),
];

const brokenWarnings = [
  at(
    "stations/5-alte-universitaet/script.de.ink",
    14,
    "#recommend: kilianskapele: no station is named kilianskapele (did you mean kilianskapelle?), so it leads to the station that sent it",
  ),
  at(
    "stations/7-hexenturm/station.yaml",
    14,
    "missing in English (en): script.en.ink; players who chose English get the German",
  ),
];

describe("checkContentPack", () => {
  it("finds every problem of a broken pack in one run, each with its file and line", async () => {
    await breakPack();
    const check = await checkContentPack(pack);
    expect(check.pack).toBeUndefined();
    expect(check.errors).toEqual(brokenErrors);
    expect(check.warnings).toEqual(brokenWarnings);
    // The server refuses the pack with its errors, the warnings left out.
    const refused: unknown = await loadContentPack(pack).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ContentError);
    expect((refused as ContentError).problems).toEqual(brokenErrors);
  });

  it("reports a station.yaml yaml cannot read once, not again at every media path of its folder", async () => {
    await edit("stations/3-elisabethkirche/station.yaml", (t) =>
      t.replace("points: 2", "points: 2:"),
    );
    expect((await checkContentPack(pack)).errors).toEqual([
      at(
        "stations/3-elisabethkirche/station.yaml",
        6,
        'a second ": " on this line: put a value that contains ": " in quotes (title: "Achtung: Hund"), or indent the next line no deeper than this one',
      ),
    ]);
  });

  it("loads the demo pack without errors or warnings", async () => {
    const check = await checkContentPack(demo);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([]);
    expect(check.pack?.stations).toHaveLength(11);
  });

  it("loads a pack that has only warnings", async () => {
    await rm(path.join(pack, "stations/7-hexenturm/script.en.ink"));
    await edit("stations/9-pfarrkirche/station.yaml", (t) =>
      t.replace(/^ {2}en:\n(?: {4}.*\n)+/m, ""),
    );
    const check = await checkContentPack(pack);
    expect(check.errors).toEqual([]);
    expect(check.warnings).toEqual([
      at(
        "stations/7-hexenturm/station.yaml",
        14,
        expect.stringMatching(/^missing in English/) as string,
      ),
      at(
        "stations/9-pfarrkirche/station.yaml",
        expect.any(Number) as number,
        "missing in English (en): texts.en; players who chose English get the German",
      ),
    ]);
    expect((await loadContentPack(pack)).stations).toHaveLength(11);
  });

  it("refuses a question without a right answer, at its station's script and line", async () => {
    await edit("stations/1-marktplatz/script.de.ink", (t) =>
      t.replace("+ [Hahn / Gockel / Gickel / Gockelhahn #answer]", "+ [Tipp, bitte]"),
    );
    const check = await checkContentPack(pack);
    expect(check.pack).toBeUndefined();
    expect(check.errors).toEqual([
      at(
        "stations/1-marktplatz/script.de.ink",
        10,
        "this question has no right answer: every answer a player types takes the choice for wrong answers, + [#answer]. Write the right answers on a choice of their own, like + [Hahn / Gockel #answer]",
      ),
    ]);
  });

  it("warns of a mission worth more than its station, and loads the pack", async () => {
    await edit("stations/14-kirchhof/station.yaml", (t) => t.replace("points: 3", "points: 1"));
    const check = await checkContentPack(pack);
    expect(check.errors).toEqual([]);
    const message =
      "#points: 2 is more than this station gives (points: 1 in station.yaml): a player whose photo is approved gets 1 point, not 2. Lower #points: or raise points in station.yaml";
    expect(check.warnings).toEqual(
      ["de-formal", "de", "en"].map((lang) =>
        at(`stations/14-kirchhof/script.${lang}.ink`, 12, message),
      ),
    );
    expect(check.pack?.stations).toHaveLength(11);
  });
});

describe("translations", () => {
  it("are looked for in the languages game.yaml lists", async () => {
    await edit("game.yaml", (t) =>
      t.replace("defaultLanguage: de\n", "defaultLanguage: de\nlanguages: [de, de-formal, en]\n"),
    );
    // A plain string serves every language.
    await edit("stories/1-zwei-studenten/story.yaml", (t) =>
      t.replace("chapter:\n  de: Kapitel 1\n  en: Chapter 1\n", "chapter: Kapitel 1\n"),
    );
    const { warnings } = await checkContentPack(pack);
    const formal = (parts: string) =>
      `missing in German formal (de-formal): ${parts}; players who chose German formal get the informal German`;
    expect(warnings).toEqual([
      at("stories/1-zwei-studenten/story.yaml", 5, formal("headline, text, audio")),
      at("stories/2-savignys-bibliothek/story.yaml", 4, formal("chapter, headline, text, audio")),
      at("stories/3-das-maerchenbuch/story.yaml", 4, formal("chapter, headline, audio")),
    ]);
  });

  it("are looked for, without a list, in the languages of the title and the default one", async () => {
    await rm(path.join(pack, "stations/7-hexenturm/script.en.ink"));
    await edit("game.yaml", (t) => t.replace("  en: Fairy-tale Marburg\n", ""));
    expect((await checkContentPack(pack)).warnings).toEqual([]);
    await edit("game.yaml", (t) => t.replace("defaultLanguage: de\n", "defaultLanguage: en\n"));
    expect((await checkContentPack(pack)).warnings).toEqual([brokenWarnings[1]]);
  });

  it("name a station's texts, script, character and reminder", async () => {
    await edit("game.yaml", (t) =>
      t.replace("defaultLanguage: de\n", "defaultLanguage: de\nlanguages: [en]\n"),
    );
    await rm(path.join(pack, "stations/6-kilianskapelle/script.en.ink"));
    await edit("stations/6-kilianskapelle/station.yaml", (t) =>
      t
        .replace(/^ {2}en:\n(?: {4}.*\n)+/m, "")
        .replace(/^ {4}en: .*\n(?=\S|$)/m, "")
        .replace(", en: The Shoemaker }", " }"),
    );
    expect((await checkContentPack(pack)).warnings).toEqual([
      at(
        "stations/6-kilianskapelle/station.yaml",
        expect.any(Number) as number,
        "missing in English (en): texts.en, script.en.ink, character.en, reminder.text.en; players who chose English get the German",
      ),
    ]);
  });
});

describe("recommendations", () => {
  // In the order the check sorts its files.
  const fromWilhelm = (message: string) =>
    ["de-formal", "de", "en"].map((lang) =>
      at(`stations/5-alte-universitaet/script.${lang}.ink`, expect.any(Number) as number, message),
    );

  it("that name a station nobody can open lead to the sender: a warning", async () => {
    const station = "stations/6-kilianskapelle/station.yaml";
    await edit(station, (t) => t.replace("live: true", "live: false"));
    expect((await checkContentPack(pack)).warnings).toEqual(
      fromWilhelm(
        "#recommend: kilianskapelle: stations/6-kilianskapelle is live: false, so it leads to the station that sent it",
      ),
    );
    await edit(station, (t) =>
      t.replace("live: false", "live: true").replace("visible: secret", "visible: false"),
    );
    expect((await checkContentPack(pack)).warnings).toEqual(
      fromWilhelm(
        "#recommend: kilianskapelle: stations/6-kilianskapelle is visible: false, so it leads to the station that sent it",
      ),
    );
  });

  it("that nearly name a station are reported; any other id is the author's own", async () => {
    for (const lang of ["de", "de-formal", "en"]) {
      await edit(`stations/5-alte-universitaet/script.${lang}.ink`, (t) =>
        t.replace("#recommend: kilianskapelle", "#recommend: Kilianskapelle"),
      );
    }
    expect((await checkContentPack(pack)).warnings).toEqual(
      fromWilhelm(
        "#recommend: Kilianskapelle: no station is named Kilianskapelle (did you mean kilianskapelle?), so it leads to the station that sent it",
      ),
    );
    for (const lang of ["de", "de-formal", "en"]) {
      await edit(`stations/5-alte-universitaet/script.${lang}.ink`, (t) =>
        t.replace("#recommend: Kilianskapelle", "#recommend: schuster"),
      );
    }
    expect((await checkContentPack(pack)).warnings).toEqual([]);
  });
});

describe("game.yaml settings", () => {
  it("take the spec's defaults for apiVersion, the distance and geolocation", async () => {
    await edit("game.yaml", (t) =>
      t.replace(
        / {2}(apiVersion|stationDistanceThreshold|allowGeolocation|allowSortbyDistance|followBrowserLanguage): .*\n/g,
        "",
      ),
    );
    expect((await loadContentPack(pack)).settings).toEqual({
      apiVersion: 1,
      teams: "off",
      registrationLess: false,
      debug: false,
      stationDistanceThreshold: 3000,
      allowGeolocation: true,
      allowSortbyDistance: true,
      followBrowserLanguage: false,
    });
  });

  it("need teams, registrationLess and debug", async () => {
    await edit("game.yaml", (t) => t.replace(/ {2}(teams|registrationLess|debug): .*\n/g, ""));
    expect((await checkContentPack(pack)).errors).toEqual([
      at("game.yaml", 7, "settings.teams: required"),
      at("game.yaml", 7, "settings.registrationLess: required"),
      at("game.yaml", 7, "settings.debug: required"),
    ]);
  });
});

describe("npm run content:check", () => {
  const run = (dir: string) => {
    const result = spawnSync(process.execPath, ["--import", "tsx", cli, dir], { encoding: "utf8" });
    return { status: result.status, stdout: result.stdout, stderr: result.stderr.split("\n") };
  };

  it("prints every error and warning with its file and line, and fails on errors", async () => {
    await breakPack();
    const { status, stderr } = run(pack);
    expect(status).toBe(1);
    expect(stderr).toContain(
      `${pack}/stations/1-marktplatz/script.de.ink:14: error: Divert target not found: '-> ende'`,
    );
    expect(stderr).toContain(
      `${pack}/stations/7-hexenturm/station.yaml:14: warning: missing in English (en): script.en.ink; players who chose English get the German`,
    );
    expect(stderr.filter((line) => line.includes(": error: "))).toHaveLength(brokenErrors.length);
    expect(stderr).toContain(`${pack}: 7 errors, 2 warnings; the server would refuse this pack`);
  });

  it("prints what hurts players: a misplaced station, one title twice, a text for a number, an indentation", async () => {
    await edit("stations/3-elisabethkirche/station.yaml", (t) =>
      t.replace("latitude: 50.81528\nlongitude: 8.77067", "latitude: 8.77067\nlongitude: 50.81528"),
    );
    await edit("stations/15-steinweg/station.yaml", (t) =>
      t.replace(
        "    title: Der Steinweg\n    desc: Die Station öffnet sich erst, wenn du",
        "    title: Der Marktplatz\n    desc: Die Station öffnet sich erst, wenn du",
      ),
    );
    await edit("stations/1-marktplatz/script.de.ink", (t) =>
      t.replace("~ points = 3", '~ points = "drei"'),
    );
    await edit("stations/2-schloss/station.yaml", (t) =>
      t.replace("    desc: Hoch über der Stadt", "      desc: Hoch über der Stadt"),
    );
    const { status, stderr } = run(pack);
    expect(status).toBe(1);
    expect(stderr).toEqual([
      `${pack}/stations/1-marktplatz/script.de.ink:9: error: points is given a text here, but VAR points declares a number (a text awards 0 points): write the number without quotes, like ~ points = 3`,
      `${pack}/stations/2-schloss/station.yaml:15: error: indented deeper than title (line 14), which has a value already: start this line in the same column as title, or write a value that goes on over several lines in quotes`,
      `${pack}/stations/15-steinweg/station.yaml:18: warning: the title "Der Marktplatz" is also that of stations/1-marktplatz in German: players cannot tell the two apart`,
      `${pack}/stations/3-elisabethkirche/station.yaml:4: warning: latitude 8.77067, longitude 50.81528 lies outside the map (map.image.bounds in game.yaml): latitude and longitude swapped?`,
      `${pack}: 2 errors, 2 warnings; the server would refuse this pack`,
      "",
    ]);
  });

  it("prints warnings but passes a pack without errors", async () => {
    await rm(path.join(pack, "stations/7-hexenturm/script.en.ink"));
    const { status, stdout, stderr } = run(pack);
    expect(status).toBe(0);
    expect(stderr).toContain(
      `${pack}/stations/7-hexenturm/station.yaml:14: warning: missing in English (en): script.en.ink; players who chose English get the German`,
    );
    expect(stdout).toBe(`${pack}: 11 stations, 3 stories, 0 errors, 1 warning\n`);
  });
});
