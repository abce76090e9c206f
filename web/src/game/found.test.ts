import { describe, expect, it } from "vitest";
import { event, playerStatus, station, t0 } from "../test/fixtures";
import { isFound } from "./found";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState } from "./play-state";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const secret = (View: "station" | "archive", Played = false) =>
  station({
    Name: "kapelle",
    GameState: { Done: false, Played, Visible: "secret" },
    DisplayHint: { Style: "plain", View },
  });
/** The station that sends the tip: plain, so its messages arrive at once. */
const sender = station({ DisplayHint: { Style: "plain", View: "station" } });
const received = (e: ReturnType<typeof event>): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});
const stateOf = (stations: Record<string, ReturnType<typeof station>>, tip?: string) =>
  [
    received(event("playerstatus", playerStatus({ Stations: stations }), null)),
    ...(tip === undefined
      ? []
      : [
          received(
            event(
              "webtext-recommendation",
              {
                StationID: 1,
                Originator: "Wilhelm",
                Text: "Geh zur Kapelle!",
                Timestamp: new Date(t0).toISOString(),
                RecommendationID: tip,
              },
              1,
            ),
          ),
        ]),
  ].reduce(gameReducer, initialPlayState(timing));

describe("a station found", () => {
  it("is every station no list hides", () => {
    const state = stateOf({ "1": station(), "6": secret("archive") });
    expect(isFound(state, 1)).toBe(true);
    expect(isFound(state, 6)).toBe(true);
    expect(isFound(state, 7)).toBe(false);
  });

  it("is a secret station of the station view once a tip names it, or once played", () => {
    expect(isFound(stateOf({ "1": sender, "6": secret("station") }), 6)).toBe(false);
    expect(isFound(stateOf({ "1": sender, "6": secret("station") }, "1:kapell"), 6)).toBe(false);
    expect(isFound(stateOf({ "1": sender, "6": secret("station") }, "1:kapelle"), 6)).toBe(true);
    expect(isFound(stateOf({ "1": station(), "6": secret("station", true) }), 6)).toBe(true);
  });
});
