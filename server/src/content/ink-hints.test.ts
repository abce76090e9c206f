import { describe, expect, it } from "vitest";
import { compileInkFile } from "./ink-file";

/** The problems `content:check` reports for a script, as "line: message". */
function problems(source: string): string[] {
  return compileInkFile("script.de.ink", source).problems.map(
    (problem) => `${problem.line ?? "-"}: ${problem.message}`,
  );
}

const riddle = (hint: string, declare = "VAR points = 0\n") => `${declare}Wer kräht?
- (frage)
+ [Hahn #answer]
    ~ points += 2
    -> END
${hint}
    Es hat einen Kamm.
    -> frage
`;

describe("hints in a script", () => {
  it("accepts a ladder of hints with and without a cost", () => {
    expect(problems(riddle("* [Einen Tipp, bitte #hint: 1]"))).toEqual([]);
    expect(problems(riddle("* [Tipp #hint]"))).toEqual([]);
    expect(problems(riddle("+ [Noch ein Tipp #hint: 0]"))).toEqual([]);
    // Free hints need no points.
    expect(
      problems(riddle("* [Tipp #hint]", "VAR versuche = 0\n").replace("~ points += 2", "")),
    ).toEqual([]);
  });

  it("refuses a hint without a button's text, beside an answer, outside a choice", () => {
    expect(problems(riddle("* [#hint: 1]"))).toEqual([
      "7: a hint is a button the player taps: give it a text, like * [Tipp, bitte #hint: 2]",
    ]);
    expect(problems(riddle("* [Tipp #hint #answer]"))).toEqual([
      "7: a hint is a button of its own: drop #answer from this choice",
    ]);
    expect(problems("VAR points = 0\nEin Tipp kommt. #hint\n-> END\n")).toEqual([
      "2: #hint belongs on a choice, like * [Tipp, bitte #hint: 2]",
    ]);
  });

  it("refuses a cost that is no whole number, and one nothing can be taken from", () => {
    expect(problems(riddle("* [Tipp #hint: zwei]"))).toEqual([
      "7: #hint: zwei: write what the hint costs as a whole number of points, like #hint: 2",
    ]);
    const withoutPoints = riddle("* [Tipp #hint: 2]", "").replace("    ~ points += 2\n", "");
    expect(problems(withoutPoints)).toEqual([
      "5: #hint: 2 costs points, but the script never declares VAR points, so the hint costs nothing: add VAR points = 0 and ~ points += … for the right answer",
    ]);
  });
});
