import { describe, expect, it } from "vitest";
import { inkPlaces } from "./ink-places";

describe("the places a preview can start a script at", () => {
  it("are its knots, their stitches and its labelled gathers, in order, without functions", () => {
    const script = [
      "VAR points = 0",
      "- (frage)",
      "Wie viele Flügel?",
      "-> muehle",
      "=== muehle ===",
      "Das Mühlrad.",
      "= innen",
      "- - (drinnen) Dunkel hier.",
      "== function doppelt(x) ==",
      "~ return x * 2",
      "=== ende",
      "-> END",
    ].join("\n");
    expect(inkPlaces(script)).toEqual([
      "frage",
      "muehle",
      "muehle.innen",
      "muehle.innen.drinnen",
      "ende",
    ]);
  });

  it("are none in a script without any", () => {
    expect(inkPlaces("Hallo!\n-> END\n")).toEqual([]);
  });
});
