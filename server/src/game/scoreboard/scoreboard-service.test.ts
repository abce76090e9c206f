import { describe, expect, it } from "vitest";
import { rank } from "./scoreboard-service";

const total = (stream: string, points: number, stations: number, reachedAt: string) => ({
  stream,
  points,
  stations,
  reachedAt,
});

describe("rank", () => {
  it("puts most points first and lets equal points share a rank", () => {
    const ranked = rank([
      total("player:1", 3, 1, "2026-05-01T10:00:00Z"),
      total("player:2", 7, 2, "2026-05-01T10:00:00Z"),
      total("team:1", 3, 2, "2026-05-01T10:00:00Z"),
      total("player:3", 1, 1, "2026-05-01T10:00:00Z"),
    ]);
    expect(ranked.map((r) => [r.stream, r.rank])).toEqual([
      ["player:2", 1],
      ["team:1", 2],
      ["player:1", 2],
      ["player:3", 4],
    ]);
  });

  it("orders equal scores by who got there first", () => {
    const ranked = rank([
      total("player:1", 4, 1, "2026-05-01T12:00:00Z"),
      total("player:2", 4, 1, "2026-05-01T11:00:00Z"),
    ]);
    expect(ranked.map((r) => r.stream)).toEqual(["player:2", "player:1"]);
  });
});
