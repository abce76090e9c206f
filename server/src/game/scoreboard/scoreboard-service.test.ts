import { describe, expect, it } from "vitest";
import { rank, withAwards } from "./scoreboard-service";

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

describe("withAwards", () => {
  it("adds a host's awards, ranks a participant with awards alone, and never goes below 0", () => {
    const totals = withAwards(
      [
        total("player:1", 3, 1, "2026-05-01T10:00:00Z"),
        total("team:1", 2, 2, "2026-05-01T10:00:00Z"),
      ],
      [
        { stream: "player:1", points: 2, lastAt: "2026-05-01T12:00:00Z" },
        { stream: "team:1", points: -5, lastAt: "2026-05-01T12:00:00Z" },
        { stream: "player:2", points: 4, lastAt: "2026-05-01T11:00:00Z" },
      ],
    );
    expect(totals).toEqual([
      total("player:1", 5, 1, "2026-05-01T10:00:00Z"),
      total("team:1", 0, 2, "2026-05-01T10:00:00Z"),
      total("player:2", 4, 0, "2026-05-01T11:00:00Z"),
    ]);
    expect(rank(totals).map((r) => [r.stream, r.rank])).toEqual([
      ["player:1", 1],
      ["player:2", 2],
      ["team:1", 3],
    ]);
  });
});
