import { describe, expect, it } from "vitest";
import { answerToSend, cleanAnswerInput } from "./answer";

describe("chat answers (spec 5)", () => {
  it("are trimmed, with white space collapsed and slashes removed", () => {
    expect(cleanAnswerInput("  Gockel \t  Hahn \n")).toBe("Gockel Hahn");
    expect(cleanAnswerInput("Hahn / Gockel")).toBe("Hahn Gockel");
    expect(cleanAnswerInput("a//b")).toBe("ab");
  });

  it("an empty answer is ignored", () => {
    expect(answerToSend("   ", null)).toBeNull();
    expect(answerToSend(" / ", null)).toBeNull();
  });

  it("an immediate duplicate of the last answer is ignored", () => {
    expect(answerToSend(" Katze ", "Katze")).toBeNull();
  });

  it("a different answer is sent normalised", () => {
    expect(answerToSend(" Hahn  ", "Katze")).toBe("Hahn");
    expect(answerToSend("Hahn", null)).toBe("Hahn");
  });
});
