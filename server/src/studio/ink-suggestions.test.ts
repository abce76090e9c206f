import { describe, expect, it } from "vitest";
import { distance, suggestion } from "./ink-suggestions";

const script = [
  "VAR points = 0",
  "- (frage)",
  "Welches Tier?",
  "=== knoten ===",
  "= stich",
  "~ temp zaehler = 1",
  "-> END",
].join("\n");

describe("did you mean, for ink", () => {
  it("names the divert target or variable a misspelt one most likely meant", () => {
    expect(suggestion("Divert target not found: '-> frgae'", script)).toEqual({
      wrong: "frgae",
      right: "frage",
    });
    expect(suggestion("Divert target not found: '-> knotn.stich'", script)).toEqual({
      wrong: "knotn.stich",
      right: "knoten.stich",
    });
    expect(suggestion("Divert target not found: '-> ENDE'", script)).toEqual({
      wrong: "ENDE",
      right: "END",
    });
    expect(suggestion("Variable could not be found to assign to: 'pionts'", script)).toEqual({
      wrong: "pionts",
      right: "points",
    });
    expect(suggestion("Unresolved variable: zahler", script)).toEqual({
      wrong: "zahler",
      right: "zaehler",
    });
  });

  it("suggests nothing far off, and nothing for other errors", () => {
    expect(suggestion("Divert target not found: '-> ganzwoanders'", script)).toBeUndefined();
    expect(suggestion("Unresolved variable: punkte", script)).toBeUndefined();
    expect(suggestion("Expected end of line but saw '}'", script)).toBeUndefined();
  });

  it("counts a swap of two letters as one edit", () => {
    expect(distance("frgae", "frage")).toBe(1);
    expect(distance("", "abc")).toBe(3);
    expect(distance("kitten", "sitting")).toBe(3);
  });
});
