import { describe, expect, it } from "vitest";
import { blockAt, insertionLine } from "./ink-block-read";
import { blockLines, insertBlock, replaceBlock, uniqueLabel } from "./ink-blocks";
import type { Block } from "./ink-blocks";
import { explainLine } from "./ink-explain";
import { wordsOf } from "./ink-translate-line";

const riddle: Block = {
  kind: "riddle",
  label: "frage",
  question: "Welches Tier kräht dort oben?",
  answers: ["Hahn", "Gockel"],
  right: "Genau, der Gockel!\nEr kräht seit 400 Jahren.",
  points: 3,
  wrong: "Hm, das ist es nicht.",
  again: true,
  hints: [],
  adds: false,
};

const mission: Block = {
  kind: "mission",
  label: "drache",
  question: "Zeig mir den Drachen am Brunnen!",
  medium: "photo",
  task: "Der Drache am Marktbrunnen",
  points: 2,
  auto: false,
  approved: "Genau der!",
  rejected: "Hm, den finde ich nicht darauf.",
};

const buttons: Block = {
  kind: "buttons",
  buttons: [
    { label: "Zur Treppe", reply: "Gut, hinauf!", once: false },
    { label: "Tipp, bitte", reply: "Schau nach oben.\nGanz oben.", once: true },
  ],
};

describe("a script's building blocks", () => {
  it("writes a riddle as an author would type it (the demo's shape)", () => {
    expect(blockLines(riddle)).toEqual([
      "- (frage)",
      "Welches Tier kräht dort oben?",
      "+ [Hahn / Gockel #answer]",
      "    Genau, der Gockel!",
      "    Er kräht seit 400 Jahren.",
      "    ~ points = 3",
      "+ [#answer]",
      "    Hm, das ist es nicht.",
      "    -> frage",
    ]);
  });

  it("writes a mission with its points and its way back after a rejection", () => {
    expect(blockLines(mission)).toEqual([
      "Zeig mir den Drachen am Brunnen!",
      "- (drache)",
      "+ [Der Drache am Marktbrunnen #photo #points: 2]",
      "    Genau der!",
      "+ [#rejected]",
      "    Hm, den finde ich nicht darauf.",
      "    -> drache",
    ]);
    expect(blockLines({ ...mission, task: "", points: 0, auto: true, rejected: "" })).toEqual([
      "Zeig mir den Drachen am Brunnen!",
      "- (drache)",
      "+ [#photo #auto]",
      "    Genau der!",
    ]);
  });

  it("writes a delay, a picture and buttons (a `*` one disappears once tapped)", () => {
    expect(
      blockLines({ kind: "delay", text: "Da bin\nich wieder!", amount: 10, unit: "m" }),
    ).toEqual(["Da bin ich wieder! #delay: 10m"]);
    expect(blockLines({ kind: "media", path: "stations/3/bild.jpg" })).toEqual([
      "stations/3/bild.jpg #content",
    ]);
    expect(blockLines(buttons)).toEqual([
      "+ [Zur Treppe]",
      "    Gut, hinauf!",
      "* [Tipp, bitte]",
      "    Schau nach oben.",
      "    Ganz oben.",
    ]);
  });

  it("reads every block back from its text, on any of its lines", () => {
    for (const block of [riddle, mission, buttons]) {
      const lines = blockLines(block);
      const text = ["Hallo!", ...lines, "- Weiter!", "-> END"].join("\n");
      for (let line = 2; line <= lines.length + 1; line++) {
        expect(blockAt(text, line)).toEqual({ block, from: 2, to: lines.length + 1 });
      }
      expect(blockAt(text, 1)).toBeNull();
      expect(blockAt(text, lines.length + 2)).toBeNull();
    }
    expect(blockAt("Da! #delay: 30s", 1)?.block).toEqual({
      kind: "delay",
      text: "Da!",
      amount: 30,
      unit: "s",
    });
    expect(blockAt("x\nstations/3/lied.mp3 #content", 2)?.block).toEqual({
      kind: "media",
      path: "stations/3/lied.mp3",
    });
  });

  it("reads the demo's riddle, whose gather goes on with text", () => {
    const demo = [
      "VAR points = 0",
      "Schau mal hinauf zum Giebel.",
      "- (frage)",
      "Welches Tier kräht dort oben zur vollen Stunde?",
      "+ [Hahn / Gockel / Gickel / Gockelhahn #answer]",
      "    Genau, der Gockel!",
      "    ~ points = 3",
      "+ [#answer]",
      "    Hm, das ist es nicht.",
      "    -> frage",
      "- Weiter geht's hinauf zum Schloss. Bis gleich!",
      "-> END",
    ].join("\n");
    const found = blockAt(demo, 6);
    expect(found).toMatchObject({ from: 3, to: 10 });
    expect(found?.block).toMatchObject({ answers: ["Hahn", "Gockel", "Gickel", "Gockelhahn"] });
  });

  it("offers no form where the text holds more than the form shows", () => {
    const more = [
      "Zeig mir den Drachen!",
      "- (drache)",
      "+ [Der Drache #photo #points: 3]",
      "    Genau der!",
      "+ [#rejected]",
      "    Hm.",
      "    -> drache",
      "+ [Tipp, bitte]",
      "    Er speit Wasser.",
      "    -> drache",
      "-",
    ].join("\n");
    expect(blockAt(more, 3)).toBeNull();
    expect(blockAt("Da! #delay: 30s #from: Max", 1)).toBeNull();
    expect(blockAt("+ [A #answer] gesagt\n    gut", 1)).toBeNull();
  });

  it("writes a riddle's hints between its answers, adding its points, and reads them back", () => {
    const hinted: Block = {
      ...riddle,
      right: "Genau, der Gockel!",
      hints: [
        { button: "Einen Tipp, bitte", text: "Er steht ganz oben auf dem Turm.", cost: 1 },
        { button: "Noch ein Tipp", text: "Er ist aus Blech.", cost: 0 },
      ],
    };
    const lines = blockLines(hinted);
    expect(lines).toEqual([
      "- (frage)",
      "Welches Tier kräht dort oben?",
      "+ [Hahn / Gockel #answer]",
      "    Genau, der Gockel!",
      "    ~ points += 3",
      "* [Einen Tipp, bitte #hint: 1]",
      "    Er steht ganz oben auf dem Turm.",
      "    -> frage",
      "* [Noch ein Tipp #hint]",
      "    Er ist aus Blech.",
      "    -> frage",
      "+ [#answer]",
      "    Hm, das ist es nicht.",
      "    -> frage",
    ]);
    const text = ["Hallo!", ...lines, "-"].join("\n");
    // Read back, it adds to the points as written.
    expect(blockAt(text, 7)).toEqual({ block: { ...hinted, adds: true }, from: 2, to: 15 });
    // A sticky hint is offered again after it was taken: the form does not write it.
    expect(blockAt(text.replace("* [Noch", "+ [Noch"), 7)).toBeNull();
    expect(blockAt(text.replace("#hint]", "#hint #from: Max]"), 7)).toBeNull();
  });

  it("keeps a riddle's `+=` without hints, and declares the points a hint costs", () => {
    const adding = ["- (frage)", "Wer?", "+ [Hahn #answer]", "    ~ points += 2", "-"].join("\n");
    expect(blockAt(adding, 3)?.block).toMatchObject({ points: 2, adds: true, hints: [] });
    expect(blockLines({ ...riddle, adds: true })).toContain("    ~ points += 3");
    const costly: Block = {
      ...riddle,
      points: null,
      hints: [{ button: "Tipp", text: "Oben.", cost: 1 }],
    };
    expect(insertBlock("Hallo!", 1, costly).text.split("\n")[0]).toBe("VAR points = 0");
    const free: Block = { ...costly, hints: [{ button: "Tipp", text: "Oben.", cost: 0 }] };
    expect(insertBlock("Hallo!", 1, free).text.split("\n")[0]).toBe("Hallo!");
  });

  it("inserts after the cursor's line, with a gather and the points declared", () => {
    const edit = insertBlock("Hallo!\n-> END", 1, riddle);
    const lines = edit.text.split("\n");
    expect(lines[0]).toBe("VAR points = 0");
    expect(lines[1]).toBe("Hallo!");
    expect(lines.slice(edit.from - 1, edit.to)).toEqual([...blockLines(riddle), "-"]);
    expect(lines.slice(edit.to)).toEqual(["-> END"]);
    // A block goes in below the block the cursor is in, and below its gather.
    expect(insertionLine(edit.text, edit.from + 2)).toBe(edit.to);
    expect(insertionLine(edit.text, 2)).toBe(2);
    // An empty line is taken over; a gather already there is used.
    const twice = insertBlock("VAR points = 0\n\n- weiter", 2, buttons);
    expect(twice.text.split("\n")).toEqual(["VAR points = 0", ...blockLines(buttons), "- weiter"]);
    expect(twice).toMatchObject({ from: 2, to: 6 });
  });

  it("replaces a block's lines with the form's and keeps the rest", () => {
    const text = ["Hallo!", ...blockLines(riddle), "-", "-> END"].join("\n");
    const changed = { ...riddle, answers: ["Hahn"], points: null };
    const edit = replaceBlock(text, 2, 10, changed);
    expect(edit.text.split("\n")).toEqual(["Hallo!", ...blockLines(changed), "-", "-> END"]);
    expect(blockAt(edit.text, edit.from)?.block).toEqual(changed);
  });

  it("gives a new label none of the script's labels or knots has", () => {
    expect(uniqueLabel("- (frage)\n=== frage_2 ===", "frage")).toBe("frage_3");
    expect(uniqueLabel("Hallo", "frage")).toBe("frage");
  });
});

describe("a line in plain words", () => {
  it("names what a line does", () => {
    expect(explainLine("+ [Hahn / Gockel #answer]")).toEqual([
      { key: "blocks.line.answers", values: { answers: "„Hahn“, „Gockel“" } },
    ]);
    expect(explainLine("  + [#answer]")).toEqual([{ key: "blocks.line.wrong" }]);
    expect(explainLine("+ [Der Turm #photo #points: 2 #auto]")).toEqual([
      { key: "blocks.line.mission.photo", values: { task: "Der Turm" } },
      { key: "blocks.line.missionPoints", count: 2 },
      { key: "blocks.line.auto" },
    ]);
    expect(explainLine("* [Tipp, bitte]")).toEqual([
      { key: "blocks.line.button", values: { label: "Tipp, bitte" } },
      { key: "blocks.line.buttonOnce" },
    ]);
    expect(explainLine("* [Einen Tipp, bitte #hint]")).toEqual([
      { key: "blocks.line.hint", values: { label: "Einen Tipp, bitte" } },
    ]);
    expect(explainLine("  * [Noch ein Tipp #hint: 2]")).toEqual([
      { key: "blocks.line.hint", values: { label: "Noch ein Tipp" } },
      { key: "blocks.line.hintCost", count: 2 },
    ]);
    expect(explainLine("Da bin ich! #delay: 10m #from: Max")).toEqual([
      { key: "blocks.line.message", values: { text: "Da bin ich!" } },
      { key: "blocks.line.delayMinutes", count: 10 },
      { key: "blocks.line.from", values: { name: "Max" } },
    ]);
    expect(explainLine("stations/3/lied.mp3 #content #seen: 0.8")).toEqual([
      { key: "blocks.line.audio", values: { path: "stations/3/lied.mp3" } },
      { key: "blocks.line.seen", values: { share: "80" } },
    ]);
    expect(explainLine("https:\\/\\/example.org #content")[0]).toEqual({
      key: "blocks.line.link",
      values: { path: "https://example.org" },
    });
    expect(explainLine("- (frage) Noch einmal:")).toEqual([
      { key: "blocks.line.label", values: { name: "frage" } },
      { key: "blocks.line.message", values: { text: "Noch einmal:" } },
    ]);
    expect(explainLine("    ~ points = 1")).toEqual([{ key: "blocks.line.setPoints", count: 1 }]);
    expect(explainLine("    ~ points += 2")).toEqual([{ key: "blocks.line.addPoints", count: 2 }]);
    expect(explainLine("VAR points = 0")).toEqual([
      { key: "blocks.line.pointsVar", values: { value: "0" } },
    ]);
    expect(explainLine("-> END")).toEqual([{ key: "blocks.line.end" }]);
    expect(explainLine("    -> frage")).toEqual([
      { key: "blocks.line.divert", values: { name: "frage" } },
    ]);
    expect(explainLine("=== turm ===")).toEqual([
      { key: "blocks.line.knot", values: { name: "turm" } },
    ]);
    expect(explainLine("// nur für uns")).toEqual([{ key: "blocks.line.comment" }]);
    expect(explainLine("")).toEqual([{ key: "blocks.line.empty" }]);
  });
});

describe("a dialogue still to translate", () => {
  const marked = [
    "VAR points = 0",
    "Hallo! // übersetzen",
    "- (frage)",
    "Welches Tier kräht dort oben? // übersetzen",
    "+ [Hahn / Gockel #answer]// übersetzen",
    "    Genau, der Gockel! // übersetzen",
    "    Er kräht seit 400 Jahren. // übersetzen",
    "    ~ points = 3",
    "+ [#answer]",
    "    Hm, das ist es nicht. // übersetzen",
    "    -> frage",
    "-",
  ].join("\n");

  it("opens a marked block in its form, and writes it back translated, without marks", () => {
    const found = blockAt(marked, 5);
    expect(found).toEqual({ block: riddle, from: 3, to: 11 });
    const english = { ...riddle, question: "Which animal crows up there?", answers: ["rooster"] };
    const edit = replaceBlock(marked, 3, 11, english);
    expect(edit.text.split("\n").slice(2)).toEqual([...blockLines(english), "-"]);
    expect(edit.text.split("\n")[1]).toBe("Hallo! // übersetzen");
  });

  it("finds the words a player reads on a marked line, and says the line is untranslated", () => {
    expect(wordsOf("Hallo! #from: Max // übersetzen")).toEqual({
      before: "",
      text: "Hallo!",
      after: " #from: Max",
    });
    expect(wordsOf("* [Tipp, bitte]// übersetzen")).toEqual({
      before: "* [",
      text: "Tipp, bitte",
      after: "]",
    });
    expect(wordsOf("- (weiter) Weiter geht's! // übersetzen")).toEqual({
      before: "- (weiter) ",
      text: "Weiter geht's!",
      after: "",
    });
    expect(wordsOf("-> END")).toBeNull();
    expect(explainLine("Hallo! // übersetzen")).toEqual([
      { key: "blocks.line.message", values: { text: "Hallo!" } },
      { key: "blocks.line.untranslated" },
    ]);
  });
});
