import { describe, expect, it } from "vitest";
import { mergeFields } from "./merge-fields";

const base = {
  points: 1,
  live: true,
  texts: { de: { title: "Der Brunnen", desc: "" }, en: { title: "", desc: "" } },
};

describe("two authors' edits of one form", () => {
  it("takes each one's changed fields, within a language's texts too", () => {
    const mine = {
      ...base,
      points: 3,
      texts: { ...base.texts, en: { title: "The Fountain", desc: "" } },
    };
    const theirs = {
      ...base,
      live: false,
      texts: { ...base.texts, de: { title: "Der Brunnen", desc: "Am Markt." } },
    };
    expect(mergeFields(base, mine, theirs)).toEqual({
      ok: true,
      value: {
        points: 3,
        live: false,
        texts: {
          de: { title: "Der Brunnen", desc: "Am Markt." },
          en: { title: "The Fountain", desc: "" },
        },
      },
    });
  });

  it("names a field both changed differently, and takes one change made by both once", () => {
    const mine = { ...base, points: 2, live: false };
    const theirs = { ...base, points: 5, live: false };
    expect(mergeFields(base, mine, theirs)).toEqual({
      ok: false,
      collisions: [{ path: ["points"], mine: 2, theirs: 5 }],
    });
  });
});
