import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState } from "./play-state";
import type { PlayState } from "./play-state";
import { showsDone } from "./station-done";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const run = (actions: GameAction[], state: PlayState = initialPlayState(timing)) =>
  actions.reduce(gameReducer, state);
const received = (e: ServerEvent): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});
const finished = playerStatus({
  Stations: { "1": station({ Points: 3, GameState: { Done: true, Played: true } }) },
});

describe("done state of a station", () => {
  it("a station shows as done only once its queue has drained", () => {
    const closing = run([
      received(event("playerstatus", playerStatus({ CurrentStation: 1 }), 1)),
      received(text(2, 1, "Genau, der Gockel!")),
      received(text(3, 1, "Bis gleich!")),
      received(event("playerstatus", finished, 4)),
    ]);
    expect(showsDone(closing, 1)).toBe(false);
    const oneLeft = run([{ type: "tick", now: t0 + 270 }], closing);
    expect(showsDone(oneLeft, 1)).toBe(false);
    expect(showsDone(run([{ type: "tick", now: t0 + 5000 }], oneLeft), 1)).toBe(true);
  });

  it("a station the server does not call done never shows as done", () => {
    const state = run([received(event("playerstatus", playerStatus(), 1))]);
    expect(showsDone(state, 1)).toBe(false);
    expect(showsDone(state, 99)).toBe(false);
  });

  it("a done station without queued messages shows as done at once", () => {
    expect(showsDone(run([received(event("playerstatus", finished, 1))]), 1)).toBe(true);
  });
});
