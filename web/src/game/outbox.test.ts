import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { messengerState } from "./messenger";
import { fateOf, queuedAt } from "./outbox";
import { initialPlayState } from "./play-state";
import type { PlayState, QueuedInput } from "./play-state";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const run = (actions: GameAction[], state = initialPlayState(timing)): PlayState =>
  actions.reduce(gameReducer, state);
const received = (e: ServerEvent): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});

/** Station 8 asks a question (event 5) and offers a hint button (event 3, group 2-4). */
const question = run([
  received(
    event(
      "playerstatus",
      playerStatus({
        CurrentStation: 8,
        Stations: { "8": station({ DisplayHint: { Style: "game-station", View: "custom" } }) },
      }),
      null,
    ),
  ),
  received(text(1, 8, "Was fiel in den Brunnen?", { Originator: "Frosch" })),
  received(event("buttongroup-start", { StationID: 8 }, 2)),
  received(event("webbutton", { StationID: 8, Target: "c1", Text: "Einen Tipp, bitte" }, 3)),
  received(event("buttoninput-expected", { StationID: 8 }, 4)),
  received(event("answer-expected", { StationID: 8 }, 5)),
  { type: "tick", now: t0 + 60_000 },
]);

const answer: QueuedInput = {
  key: "a",
  stationId: 8,
  input: { kind: "answer", text: "Kugel" },
  expectationId: 5,
};
const tap: QueuedInput = {
  key: "b",
  stationId: 8,
  input: { kind: "button", target: "c1", text: "Einen Tipp, bitte" },
  expectationId: 4,
};

describe("the outbox of answers and taps", () => {
  it("holds what waits, and the station takes no other input meanwhile", () => {
    const state = run([{ type: "input-queued", entry: answer }], question);
    expect(queuedAt(state, 8)).toEqual([answer]);
    expect(queuedAt(state, 9)).toEqual([]);
    expect(messengerState(question, 8)).toMatchObject({ inputEnabled: true });
    expect(messengerState(state, 8)).toMatchObject({ inputEnabled: false, buttons: [] });
    expect(run([{ type: "queued-dropped", key: "a" }], state).outbox).toEqual([]);
  });

  it("sends an entry while the station still expects what it answers", () => {
    expect(fateOf(question, answer)).toBe("send");
    expect(fateOf(question, tap)).toBe("send");
  });

  it("knows an entry arrived by its echo, also one still behind typed messages", () => {
    const echoed = run([received(text(6, 8, "Kugel", { Originator: "user" }))], question);
    expect(fateOf(echoed, answer)).toBe("arrived");
    const behind = run(
      [
        received(text(6, 8, "Hm, lass mich überlegen, ob das stimmt.", { Originator: "Frosch" })),
        received(text(7, 8, "Einen Tipp, bitte", { Originator: "user" })),
      ],
      { ...question, timing },
    );
    expect(behind.stations[8]?.queue.length).toBeGreaterThan(0);
    expect(fateOf(behind, tap)).toBe("arrived");
  });

  it("calls an entry stale when the station went on without it", () => {
    const teammate = run(
      [
        received(
          event(
            "webtext",
            {
              StationID: 8,
              Originator: "user",
              Text: "Kugel",
              Member: "m-2",
              Name: "Ida",
              Timestamp: new Date(t0).toISOString(),
            },
            6,
          ),
        ),
      ],
      question,
    );
    expect(fateOf(teammate, answer)).toBe("stale");
    const askedAgain = run(
      [
        received(text(6, 8, "Ball", { Originator: "user" })),
        received(event("answer-expected", { StationID: 8 }, 7)),
      ],
      question,
    );
    expect(fateOf(askedAgain, answer)).toBe("stale");
  });

  it("forgets what waited at a cancelled station", () => {
    const state = run(
      [
        { type: "input-queued", entry: answer },
        { type: "station-cancelled", stationId: 8 },
      ],
      question,
    );
    expect(state.outbox).toEqual([]);
  });
});
