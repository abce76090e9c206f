import { describe, expect, it } from "vitest";
import type { ScoreboardEntry } from "@wegmarke/protocol";
import { scoreboardRows } from "./scoreboard";

const row = (rank: number, name: string, points: number, isYou = false): ScoreboardEntry => ({
  rank,
  name,
  points,
  stations: points > 0 ? 1 : 0,
  isYou,
});

describe("scoreboard", () => {
  it("ranks the rows by points as the server ranked them", () => {
    const you = row(1, "Lena", 5, true);
    const rows = scoreboardRows([row(2, "Max", 3), you, row(2, "Ida", 3)], you);
    expect(rows.map(({ entry }) => entry.name)).toEqual(["Lena", "Max", "Ida"]);
  });

  it("the player's own row is among them or added behind a gap", () => {
    const you = row(1, "Lena", 5, true);
    expect(scoreboardRows([you, row(2, "Max", 3)], you)).toHaveLength(2);
    const far = row(57, "Ich", 0, true);
    const rows = scoreboardRows([row(1, "Lena", 5)], far);
    expect(rows.at(-1)).toEqual({ entry: far, gapBefore: true });
    expect(scoreboardRows([], far)).toEqual([{ entry: far, gapBefore: false }]);
  });
});
