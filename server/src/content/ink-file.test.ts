import { describe, it, expect } from "vitest";
import { compileInkFile } from "./ink-file";

const file = "stations/1-a/script.de.ink";

describe("compileInkFile", () => {
  it("reports every syntax error of a script, each at its line", () => {
    const ink = compileInkFile(file, "VAR y =\nHallo!\n* [Weiter\nText\n{x\n-> END\n");
    expect(ink.json).toBeUndefined();
    expect(ink.problems).toEqual([
      // ink's own words, which miss the name here
      { file, line: 1, message: "Expected initial value for  but saw end of line" },
      { file, line: 3, message: "Expected closing ']' for weave-style option but saw end of line" },
      {
        file,
        line: 5,
        message:
          "Expected some kind of logic, conditional or sequence within braces: { ... } but saw 'x'",
      },
    ]);
  });

  it("reports every divert and variable that is not found, once the syntax is right", () => {
    const ink = compileInkFile(file, "~ x = 1\nHallo!\n-> nirgendwo\n== knoten\n-> weg\n");
    expect(ink.problems).toEqual([
      { file, line: 1, message: "Variable could not be found to assign to: 'x'" },
      { file, line: 3, message: "Divert target not found: '-> nirgendwo'" },
      { file, line: 5, message: "Divert target not found: '-> weg'" },
    ]);
  });

  it("refuses ink's warnings too, and passes over TODO notes", () => {
    const ink = compileInkFile(file, "TODO: noch kürzen\nHallo!\n* \n-> END\n");
    expect(ink.problems).toEqual([
      {
        file,
        line: 3,
        message: expect.stringMatching(/^ink warns: .*fallback choice/) as string,
      },
    ]);
  });

  it("finds the ids its #recommend tags write out", () => {
    const ink = compileInkFile(
      file,
      [
        'VAR ziel = "turm"',
        "Geh zur Kapelle! #recommend: kilianskapelle",
        "Schau dich um. #recommend",
        "Dort! #recommend: {ziel}",
        "+ [Weiter] Zum Turm! #Recommend:  hexenturm ",
        "-> END",
        "",
      ].join("\n"),
    );
    expect(ink.problems).toEqual([]);
    expect(ink.recommendations).toEqual([
      { id: "kilianskapelle", line: 2 },
      { id: "hexenturm", line: 5 },
    ]);
  });

  it("reports a text given to a variable declared as a number, at its line", () => {
    const ink = compileInkFile(
      file,
      [
        "VAR points = 0",
        "VAR tipps = 0",
        'VAR name = "Anna"',
        '~ points = "drei"',
        '~ tipps = "eins" + tipps',
        "~ points = tipps + 1",
        "~ name = 3",
        '~ temp text = "x"',
        "~ points = text",
        "+ [Weiter]",
        '  ~ tipps = "{name}!"',
        "  -> END",
        "",
      ].join("\n"),
    );
    // Numbers for numbers, and what cannot be known before the script runs, pass.
    expect(ink.problems).toEqual([
      {
        file,
        line: 4,
        message:
          "points is given a text here, but VAR points declares a number (a text awards 0 points): write the number without quotes, like ~ points = 3",
      },
      {
        file,
        line: 5,
        message:
          "tipps is given a text here, but VAR tipps declares a number: write the number without quotes, like ~ tipps = 3",
      },
      {
        file,
        line: 11,
        message:
          "tipps is given a text here, but VAR tipps declares a number: write the number without quotes, like ~ tipps = 3",
      },
    ]);
    expect(ink.json).toBeUndefined();
  });
});
