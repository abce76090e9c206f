import { describe, expect, it } from "vitest";
import { compileInkFile } from "./ink-file";
import { readableText, translationDraft, untranslatedLines } from "./ink-translation";

/** The draft compiles to the very story of the source, without problems. */
function expectSameStory(source: string, draft: string) {
  const before = compileInkFile("stations/1-a/script.de.ink", source);
  const after = compileInkFile("stations/1-a/script.en.ink", draft);
  expect(before.problems).toEqual([]);
  expect(after.problems).toEqual([]);
  expect(after.json).toBe(before.json);
}

const lines = (...text: string[]) => `${text.join("\n")}\n`;

describe("translationDraft", () => {
  it("marks a riddle's lines and answers, and keeps logic, labels and diverts", () => {
    const source = lines(
      "VAR points = 0",
      "Hallo! Ich bin Lena.",
      "- (frage)",
      "Welches Tier kräht dort oben?",
      "+ [Hahn / Gockel #answer]",
      "    Genau, der Gockel!",
      "    ~ points = 3",
      "+ [#answer]",
      "    Hm, das ist es nicht.",
      "    -> frage",
      "- Weiter geht's. Bis gleich!",
      "-> END",
    );
    const draft = translationDraft(source);
    expect(draft).toBe(
      lines(
        "VAR points = 0",
        "Hallo! Ich bin Lena. // übersetzen",
        "- (frage)",
        "Welches Tier kräht dort oben? // übersetzen",
        "+ [Hahn / Gockel #answer]// übersetzen",
        "    Genau, der Gockel! // übersetzen",
        "    ~ points = 3",
        "+ [#answer]",
        "    Hm, das ist es nicht. // übersetzen",
        "    -> frage",
        "- Weiter geht's. Bis gleich! // übersetzen",
        "-> END",
      ),
    );
    expectSameStory(source, draft);
    expect(untranslatedLines(draft)).toEqual([2, 4, 5, 6, 9, 11]);
  });

  it("marks buttons with their labels and conditions, and text before a divert", () => {
    const source = lines(
      "Wohin jetzt?",
      "- (weg)",
      "* (treppe) [Zur Treppe] Ich nehme die Treppe. -> oben",
      "+ {treppe} [Noch einmal #delay: 2s] -> weg",
      "* [Tipp, bitte]",
      "    Schau nach oben! -> weg",
      "== oben ==",
      "= turm",
      "Oben! #from: Max",
      "-> END",
    );
    const draft = translationDraft(source);
    expect(untranslatedLines(draft)).toEqual([1, 3, 4, 5, 6, 9]);
    expect(draft.split("\n")[8]).toBe("Oben! #from: Max // übersetzen");
    expectSameStory(source, draft);
  });

  it("marks a mission's task and keeps its tags, and leaves media lines as they are", () => {
    const source = lines(
      "VAR points = 0",
      "stations/3/brunnen.jpg #content",
      "https:\\/\\/example.org/maerchen #content #recommend",
      "Zeig mir den Drachen am Brunnen!",
      "- (drache)",
      "+ [Der Drache am Marktbrunnen #photo #points: 3]",
      "    Genau der!",
      "+ [#rejected]",
      "    Such weiter! -> drache",
      "+ [#photo]",
      "- Weiter! #recommend: schloss",
      "-> END",
    );
    const draft = translationDraft(source);
    expect(untranslatedLines(draft)).toEqual([4, 6, 7, 9, 11]);
    expect(draft).toContain("\nstations/3/brunnen.jpg #content\n");
    expect(draft).toContain("\nhttps:\\/\\/example.org/maerchen #content #recommend\n");
    expectSameStory(source, draft);
  });

  it("keeps delays, knots, stitches, conditionals and comments, marking only their texts", () => {
    const source = lines(
      "VAR tipps = 0 // wie oft gefragt",
      "-> anfang",
      "=== anfang ===",
      "Warte, ich suche … #delay: 30s",
      "/* Ein Block,",
      "   über zwei Zeilen */",
      "{ tipps > 1:",
      "    Schon wieder?",
      "- else:",
      "    Gern!",
      "}",
      "{ stopping:",
      "    - Erstens.",
      "    - Zweitens.",
      "}",
      "Du hast {tipps} Tipps. Noch {tipps > 2: viele|wenige}.",
      "{tipps}",
      "-> ende",
      "= ende",
      "Gefunden! // schon geprüft",
      "TODO: die Uhrzeit nachschlagen",
      "-> END",
    );
    const draft = translationDraft(source);
    expect(untranslatedLines(draft)).toEqual([4, 8, 10, 13, 14, 16, 20]);
    expect(draft.split("\n")[19]).toBe("Gefunden! // schon geprüft // übersetzen");
    expectSameStory(source, draft);
  });

  it("marks a line once and keeps Windows line ends", () => {
    const once = translationDraft("Hallo\r\nWelt // übersetzen\r\n-> END\r\n");
    expect(once).toBe("Hallo // übersetzen\r\nWelt // übersetzen\r\n-> END\r\n");
    expect(translationDraft(once)).toBe(once);
  });

  it("keeps the demo's scripts' stories", async () => {
    const { readdir, readFile } = await import("node:fs/promises");
    const root = new URL("../../../content/demo/stations/", import.meta.url);
    for (const folder of await readdir(root)) {
      const source = await readFile(new URL(`${folder}/script.de.ink`, root), "utf8");
      const draft = translationDraft(source);
      expect(untranslatedLines(draft).length, folder).toBeGreaterThan(0);
      expectSameStory(source, draft);
    }
  });
});

describe("readableText", () => {
  it.each([
    ["~ points = 3", false],
    ["- (label)", false],
    ["+ [#answer]", false],
    ["-> END", false],
    ["{ x > 2:", false],
    ["{ x > 2: Text }", true],
    ["\\#1 ist gut", true],
    ["12:30", false],
  ])("%s: %s", (code, readable) => {
    expect(readableText(code)).toBe(readable);
  });
});
