import { describe, it, expect } from "vitest";
import { z } from "zod";
import { parseYamlFile } from "./yaml-file";

const schema = z.strictObject({
  title: z.string(),
  points: z.int().optional(),
  live: z.boolean().optional(),
  texts: z.strictObject({ de: z.string(), en: z.string().optional() }).optional(),
  news: z.array(z.string()).optional(),
});

/** The problems of a file, as "line: message". */
function problems(text: string): string[] {
  return parseYamlFile("x.yaml", text, schema).problems.map((p) => `${p.line}: ${p.message}`);
}

describe("parseYamlFile says what is wrong in plain words, at its line", () => {
  it("a key indented less, or more, than the ones above", () => {
    expect(problems("title: Hallo\ntexts:\n  de: Hallo\n en: Hello\n")).toEqual([
      "4: wrong indentation: the keys (or - items) of one block must start in the same column as the ones above",
    ]);
  });

  it("a key indented deeper than the one above, which has a value: at its own line", () => {
    const deeper = (key: string, line: number) =>
      `indented deeper than ${key} (line ${line}), which has a value already: start this line in the same column as ${key}, or write a value that goes on over several lines in quotes`;
    expect(problems("title: Hallo\ntexts:\n  de: Hallo\n   en: Hello\n")).toEqual([
      `4: ${deeper("de", 3)}`,
    ]);
    expect(problems("title: Hallo\npoints: 2\n  live: true\n")).toEqual([
      `3: ${deeper("points", 2)}`,
    ]);
    // Past a line that reads as the value going on, and a blank line.
    expect(problems("title: Hallo\n  noch mehr\n  live: true\n")).toEqual([
      `3: ${deeper("title", 1)}`,
    ]);
    expect(problems("texts:\n  de: Hallo\n\n    en: Hello\n")).toEqual([`4: ${deeper("de", 2)}`]);
    expect(problems("news:\n  - title: A\n     desc: B\n")).toEqual([`3: ${deeper("title", 2)}`]);
  });

  it("a tab as indentation", () => {
    expect(problems("title: Hallo\ntexts:\n\tde: Hallo\n")).toEqual([
      "3: this line is indented with a tab: indent with spaces only",
    ]);
  });

  it("a value with a colon that is not in quotes", () => {
    const second =
      'a second ": " on this line: put a value that contains ": " in quotes (title: "Achtung: Hund"), or indent the next line no deeper than this one';
    expect(problems("title: Achtung: Hund\n")).toEqual([`1: ${second}`]);
    expect(problems("title: Achtung: Hund\n  live: true\n")).toEqual([`1: ${second}`]);
  });

  it("a key written twice", () => {
    expect(problems("title: a\npoints: 1\ntitle: b\n")).toEqual([
      "3: the key title is written twice in the same block: keep one",
    ]);
  });

  it("a line that is no key: value", () => {
    expect(problems("title: a\nnoch ein Satz\npoints: 1\n")).toEqual([
      '2: a line without "key: value": add the ": ", or write a text over several lines in quotes or after |',
    ]);
  });

  it("quotes, brackets and characters a value cannot start with", () => {
    expect(problems('title: "Hallo\npoints: 1\n')).toEqual([
      "3: a text in quotes is never closed: end it with the same quote mark",
    ]);
    expect(problems("title: Hallo\nnews: [eins, zwei\npoints: 1\n")).toEqual([
      "3: a { … } or [ … ] above this line is not closed: end it with } or ] on its line",
    ]);
    expect(problems("title: @home\n")).toEqual([
      "1: @ is not allowed at the start of a value: put the value in quotes",
    ]);
    expect(problems('title: "C:\\q"\n')).toEqual([
      `1: \\q is not allowed in "double quotes": write \\\\ for a backslash, or use 'single quotes'`,
    ]);
  });

  it("a second document, and a *name with no &name before it", () => {
    expect(problems("title: a\n---\ntitle: b\n")).toEqual([
      "2: --- starts a second document: a file holds one, remove the ---",
    ]);
    expect(problems("title: a\nnews:\n  - *gruss\n")).toEqual([
      "3: *gruss repeats nothing: no &gruss is set before it",
    ]);
  });

  it("values of the wrong kind, saying what was found", () => {
    expect(problems("title: 2024\npoints: 1.5\nlive: ja\ntexts: Hallo\nnews:\n")).toEqual([
      "1: title: expected a text, not 2024",
      "2: points: expected a whole number, not 1.5",
      '3: live: expected true or false, not the text "ja"',
      '4: texts: expected indented key: value lines, not the text "Hallo"',
      "5: news: expected a list (lines starting with - ), but it is empty",
    ]);
  });

  it("every missing or unknown key of a file that reads", () => {
    expect(problems("points: 3\ncolour: red\ntexts:\n  en: Hello\n")).toEqual([
      "1: title: required",
      "3: texts.de: required",
      "2: unknown key colour",
    ]);
  });
});
