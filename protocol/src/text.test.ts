import { describe, expect, it } from "vitest";
import { answerRequest } from "./game";
import { requestText, secretText } from "./text";

describe("request text", () => {
  it("takes any printable text, umlauts, emoji and all", () => {
    expect(requestText().parse("Gockel, Hähne 🐓 & Co.")).toBe("Gockel, Hähne 🐓 & Co.");
  });

  it("refuses a NUL, other control characters and an unpaired surrogate, naming why", () => {
    for (const bad of ["a\u0000b", "a\u0007b", "a\u007fb", "a\u0085b", "a\nb", "tab\t"]) {
      expect(requestText().safeParse(bad).error?.issues[0]?.message).toBe(
        "control characters are not allowed",
      );
    }
    for (const bad of ["\ud800", "a\udc00b", "\udbff\udbff"]) {
      expect(requestText().safeParse(bad).error?.issues[0]?.message).toBe(
        "malformed text (an unpaired surrogate)",
      );
    }
  });

  it("keeps the line breaks of a typed answer, and nothing else of that kind", () => {
    const answer = { StationID: 1, Hash: "abc" };
    expect(answerRequest.parse({ ...answer, Answer: "Hahn\nGockel" }).Answer).toBe("Hahn\nGockel");
    expect(answerRequest.safeParse({ ...answer, Answer: "Hahn\u0000" }).success).toBe(false);
  });

  it("takes a token as it is: white space around it is refused, not trimmed away", () => {
    expect(secretText.parse("a1b2")).toBe("a1b2");
    for (const bad of [" a1b2", "a1b2\n", "a1 b2", ""]) {
      expect(secretText.safeParse(bad).success).toBe(false);
    }
  });
});
