import { describe, expect, it } from "vitest";
import { compileInkFile } from "./ink-file";

const FILE = "stations/10-brunnen/script.de.ink";
const problemsOf = (lines: string[]) =>
  compileInkFile(FILE, [...lines, ""].join("\n")).problems.map(({ line, message }) => ({
    line,
    message,
  }));

const WRONG_WAY =
  "this question has no right answer: every answer a player types takes the choice for wrong answers, + [#answer]. Write the right answers on a choice of their own, like + [Hahn / Gockel #answer]";
const REJECTED =
  "this question has no right answer: every answer a player types is rejected, and the player cannot go on. Write the right answers on a choice of their own, like + [Hahn / Gockel #answer]";

describe("a script's questions for a typed answer, as content:check reads them", () => {
  it("takes questions with a right answer, however the choice is written", () => {
    expect(
      problemsOf([
        "VAR tipps = 0",
        "Wer steht auf dem Brunnen?",
        "- (frage)",
        "+ [Georg / St. Georg #answer]",
        "    Richtig!",
        "+ [Tipp, bitte]",
        "    ~ tipps++",
        "    -> frage",
        "+ [#answer]",
        "    {",
        "    - tipps > 0: Falsch, trotz Tipp.",
        "    - else: Falsch.",
        "    }",
        "    -> frage",
        "- Und wer baute ihn?",
        "* Meister [Hans #answer] Hans, genau.",
        "* [#answer] Nein.",
        "- Und wie viele Löwen?",
        "* {tipps < 2} [zwei / 2 #Answer]",
        "* (sonst) [ #answer ]",
        "- -> END",
      ]),
    ).toEqual([]);
  });

  it("names a question whose only #answer choice is the one for wrong answers, at its first", () => {
    expect(
      problemsOf([
        "Wer steht auf dem Brunnen?",
        "- (frage)",
        "+ [Tipp, bitte]",
        "    Ein Ritter.",
        "    -> frage",
        "+ [#answer]",
        "    Falsch.",
        "    -> frage",
        "- -> END",
      ]),
    ).toEqual([{ line: 6, message: WRONG_WAY }]);
  });

  it("names each question without a right answer, also one whose answers nobody can type", () => {
    expect(
      problemsOf([
        "Erste Frage?",
        "* [ / #answer] Nein.",
        "* [#answer] Auch nein.",
        "- Zweite Frage?",
        "* [Hahn #answer] Ja.",
        "* [#answer] Nein.",
        "- Dritte Frage?",
        "* [?! #answer] Nie.",
        "- -> END",
      ]),
    ).toEqual([
      { line: 2, message: WRONG_WAY },
      { line: 8, message: REJECTED },
    ]);
  });

  it("leaves a question alone whose answer the script computes", () => {
    expect(
      problemsOf([
        'VAR wort = "Hahn"',
        "Was kräht?",
        "* [{wort} #answer] Ja.",
        "* [#answer] Nein.",
        "- -> END",
      ]),
    ).toEqual([]);
  });
});
