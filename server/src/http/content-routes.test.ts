import { describe, expect, it } from "vitest";
import { offeredLanguages } from "./content-routes";

const station = (formal: boolean) => ({
  scripts: { de: "VAR points = 0", ...(formal && { "de-formal": "VAR points = 0" }) },
});

describe("the languages the app offers", () => {
  it("are the pack's: no formal German in a German and English game", () => {
    expect(offeredLanguages(["en", "de"], [station(false), station(false)])).toEqual(["de", "en"]);
  });

  it("add German's formal form where a station speaks it, or game.yaml lists it", () => {
    expect(offeredLanguages(["de", "en"], [station(false), station(true)])).toEqual([
      "de",
      "de-formal",
      "en",
    ]);
    expect(offeredLanguages(["de", "de-formal"], [station(false)])).toEqual(["de", "de-formal"]);
  });
});
