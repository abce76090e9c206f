import { describe, expect, it } from "vitest";
import { compileInkFile } from "./ink-file";
import { missionPointsWarnings } from "./ink-missions";

const FILE = "stations/10-brunnen/script.de.ink";
const problemsOf = (lines: string[]) =>
  compileInkFile(FILE, [...lines, ""].join("\n"))
    .problems.map(({ line, message }) => ({ line, message }))
    .sort((a, b) => (a.line ?? 0) - (b.line ?? 0));

describe("a script's missions, as content:check reads them", () => {
  it("takes a photo, a video and a voice mission with their points, length, auto and rejection", () => {
    expect(
      problemsOf([
        "VAR points = 0",
        "Zeig mir den Drachen!",
        "+ [Der Drache am Brunnen #photo #points: 3]",
        "    Genau der!",
        "+ [#rejected]",
        "    Schade.",
        "- Sing mir etwas vor!",
        "* [#voice: 1m #auto]",
        "- Und jetzt tanz!",
        "* [Der Tanz #video: 20s #points: 2]",
        "- -> END",
      ]),
    ).toEqual([]);
  });

  it("names each misplaced or misspelt mission tag at its line", () => {
    expect(
      problemsOf([
        "Zeig mir den Drachen! #photo",
        "+ [Der Drache #photo #video]",
        "    Gut.",
        "+ [#rejected #photo]",
        "    Hm.",
        "+ [Tipp #points: 2]",
        "    Er speit Wasser.",
        "+ [Drache #answer #photo]",
        "    Ja.",
        "+ [Film #video: lang]",
        "    Ja.",
        "+ [Bild #photo #points: drei]",
        "    Ja.",
        "+ [Bild #foto]",
        "    Ja.",
        "- -> END",
      ]),
    ).toEqual([
      {
        line: 1,
        message: "a mission's tags belong on a choice, like + [The dragon on the fountain #photo]",
      },
      { line: 2, message: "one of #photo, #video or #voice per choice, not 2" },
      { line: 4, message: "#rejected is a choice of its own, beside the mission's: + [#rejected]" },
      { line: 6, message: "#points goes with #photo, #video or #voice on the same choice" },
      { line: 8, message: "a mission's choice is no typed answer: drop #answer" },
      {
        line: 10,
        message: "#video: lang: write the longest recording as a duration, like 30s or 2m",
      },
      { line: 12, message: "#points: drei: write a whole number, like 3" },
      { line: 14, message: expect.stringMatching(/^#foto: unknown tag: use .*#photo/) },
    ]);
  });
});

describe("a mission's points beside its station's", () => {
  const script = [
    "VAR points = 0",
    "Zeig mir den Drachen!",
    "+ [Der Drache #photo #points: 2]",
    "    Genau der!",
    "- Sing mir etwas vor!",
    "* [Ein Lied #voice: 20s #auto #points:3] Schön!",
    "- Und jetzt tanz!",
    "* [#video #points: 1] // ein Tanz",
    "- -> END",
    "",
  ].join("\n");
  const missions = compileInkFile(FILE, script).missions;

  it("reads each mission's points at its line", () => {
    expect(missions).toEqual([
      { line: 3, kind: "photo", points: 2 },
      { line: 6, kind: "voice", points: 3 },
      { line: 8, kind: "video", points: 1 },
    ]);
  });

  it("passes points the station can give", () => {
    expect(missionPointsWarnings(FILE, missions, 3)).toEqual([]);
  });

  it("warns of points beyond the station's, saying what the player really gets", () => {
    expect(missionPointsWarnings(FILE, missions, 1)).toEqual([
      {
        file: FILE,
        line: 3,
        message:
          "#points: 2 is more than this station gives (points: 1 in station.yaml): a player whose photo is approved gets 1 point, not 2. Lower #points: or raise points in station.yaml",
      },
      {
        file: FILE,
        line: 6,
        message:
          "#points: 3 is more than this station gives (points: 1 in station.yaml): a player whose voice recording is approved gets 1 point, not 3. Lower #points: or raise points in station.yaml",
      },
    ]);
    expect(missionPointsWarnings(FILE, missions, 0).map((w) => w.message)).toContain(
      "#points: 1 is more than this station gives (points: 0 in station.yaml): a player whose video is approved gets 0 points, not 1. Lower #points: or raise points in station.yaml",
    );
  });
});
