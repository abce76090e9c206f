import { InkParser } from "inkjs/compiler/Parser/InkParser";
import { describe, expect, it } from "vitest";
import { compileInkFile } from "./ink-file";

describe("the identifier characters of ink's parser", () => {
  it("are made once and shared by every parser", () => {
    const first = new InkParser("Hallo").identifierCharSet;
    expect(new InkParser("Welt").identifierCharSet).toBe(first);
    // Latin, Greek, Cyrillic and CJK letters, as inkjs makes them.
    for (const letter of ["a", "ß", "λ", "ж", "中"]) expect(first.set.has(letter)).toBe(true);
    expect(first.set.has("-")).toBe(false);
  });

  it("still take names in any of ink's scripts, script after script", () => {
    const script = [
      "VAR größe = 1",
      "-> кнот",
      "=== кнот ===",
      "Größe {größe}.",
      "-> 中文",
      "=== 中文 ===",
      "-> END",
      "",
    ].join("\n");
    for (let round = 0; round < 2; round++) {
      expect(compileInkFile("stations/1/script.de.ink", script).problems).toEqual([]);
    }
    const misspelt = compileInkFile(
      "stations/1/script.de.ink",
      script.replace("-> кнот", "-> кнод"),
    );
    expect(misspelt.problems.map((p) => p.message).join("\n")).toContain("кнод");
  });
});
