import { describe, expect, it } from "vitest";
import { anonymousPlayerName, generatedTeamName } from "./display-names";

describe("generated names", () => {
  it("give an anonymous player a stable wanderer's name with four digits", () => {
    expect(anonymousPlayerName(7)).toMatch(/^Wanderer [1-9]\d{3}$/);
    expect(anonymousPlayerName(7)).toBe(anonymousPlayerName(7));
    const names = new Set(Array.from({ length: 100 }, (_, i) => anonymousPlayerName(i + 1)));
    expect(names.size).toBeGreaterThan(95);
  });

  it("give a team a stable name of a word and two digits", () => {
    expect(generatedTeamName(3)).toMatch(/^Team \p{L}+ \d{2}$/u);
    expect(generatedTeamName(3)).toBe(generatedTeamName(3));
    expect(generatedTeamName(3)).not.toBe(generatedTeamName(4));
  });
});
