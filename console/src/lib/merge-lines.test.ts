import { describe, expect, it } from "vitest";
import { mergeLines } from "./merge-lines";

const base = ["Hallo!", "Ich bin Lena.", "- (frage)", "Wie alt ist der Turm?", "-> END"].join("\n");

describe("two authors' edits of one text", () => {
  it("merges edits of different lines, and the same edit made by both once", () => {
    const mine = base.replace("Hallo!", "Hallo und willkommen!");
    const theirs = base
      .replace("-> END", "Bis bald!\n-> END")
      .replace("Hallo!", "Hallo und willkommen!");
    expect(mergeLines(base, mine, theirs)).toEqual({
      ok: true,
      text: [
        "Hallo und willkommen!",
        "Ich bin Lena.",
        "- (frage)",
        "Wie alt ist der Turm?",
        "Bis bald!",
        "-> END",
      ].join("\n"),
    });
  });

  it("names lines both changed differently, where they stand in one's own text", () => {
    const mine = base.replace("Wie alt ist der Turm?", "Wie hoch ist der Turm?");
    const theirs = base.replace("Wie alt ist der Turm?", "Wann wurde der Turm gebaut?");
    expect(mergeLines(base, mine, theirs)).toEqual({
      ok: false,
      collisions: [
        {
          line: 4,
          count: 1,
          mine: ["Wie hoch ist der Turm?"],
          theirs: ["Wann wurde der Turm gebaut?"],
        },
      ],
    });
  });
});
