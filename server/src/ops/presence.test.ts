import { describe, expect, it } from "vitest";
import { PRESENCE_TTL_MS, PresenceBoard } from "./presence";

describe("PresenceBoard", () => {
  it("adds what the other instances told it to its own counts, until they fall silent", () => {
    let now = 1_000;
    const local = { streams: 3, players: 2 };
    const board = new PresenceBoard(
      "a",
      () => local,
      () => now,
    );
    expect(board.own()).toEqual({ instance: "a", streams: 3, players: 2 });
    board.heard({ instance: "b", streams: 10, players: 9 });
    // Its own signal comes back over the bus: not counted twice.
    board.heard({ instance: "a", streams: 3, players: 2 });
    expect(board.online()).toEqual({ streams: 13, players: 11 });
    board.heard({ instance: "b", streams: 4, players: 4 });
    expect(board.online()).toEqual({ streams: 7, players: 6 });
    now += PRESENCE_TTL_MS + 1;
    expect(board.online()).toEqual({ streams: 3, players: 2 });
  });
});
