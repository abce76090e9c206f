import { describe, expect, it } from "vitest";
import { helpEntries, introSteps } from "./info-pages";

describe("info pages", () => {
  it("intro has 4 steps: the pack's when it has four, else the app's own", () => {
    const own = ["1", "2", "3", "4"];
    expect(introSteps(["a", "b", "c", "d"], own)).toEqual(["a", "b", "c", "d"]);
    expect(introSteps(["a", "b", "c"], own)).toBe(own);
    expect(introSteps(["a", "b", "c", "d", "e"], own)).toBe(own);
    expect(introSteps([], own)).toBe(own);
    expect(introSteps(undefined, own)).toBe(own);
  });

  it("help shows the pack's entries, else the app's own", () => {
    expect(helpEntries(["a"], ["x"])).toEqual(["a"]);
    expect(helpEntries([], ["x"])).toEqual(["x"]);
  });
});
