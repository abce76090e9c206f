import { describe, expect, it } from "vitest";
import { checkDraft, emptyDraft, NEWS_MAX } from "./news-draft";

describe("a news draft", () => {
  it("becomes the request: texts trimmed, formal German and station only when given", () => {
    expect(
      checkDraft({ ...emptyDraft, de: " Hallo\nWelt ", en: "Hello", "de-formal": "  " }),
    ).toEqual({
      ok: true,
      request: { text: { de: "Hallo\nWelt", en: "Hello" } },
    });
    expect(
      checkDraft({
        de: "Hallo",
        en: "Hello",
        "de-formal": "Guten Tag",
        stationId: "3",
        urgent: true,
      }),
    ).toEqual({
      ok: true,
      request: {
        text: { de: "Hallo", en: "Hello", "de-formal": "Guten Tag" },
        stationId: 3,
        urgent: true,
      },
    });
  });

  it("names each language's problem: missing, too long, or characters the server refuses", () => {
    expect(
      checkDraft({
        de: "   ",
        en: "x".repeat(NEWS_MAX + 1),
        "de-formal": "bell\u0007",
        stationId: "",
        urgent: false,
      }),
    ).toEqual({ ok: false, problems: { de: "required", en: "tooLong", "de-formal": "invalid" } });
  });

  it("allows exactly the most characters", () => {
    expect(checkDraft({ ...emptyDraft, de: "x".repeat(NEWS_MAX), en: "y" }).ok).toBe(true);
  });
});
