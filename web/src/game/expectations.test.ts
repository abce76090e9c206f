import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { messengerState } from "./messenger";
import { initialPlayState, playStateSchema, stationLocal } from "./play-state";
import type { PlayState } from "./play-state";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };

function run(actions: GameAction[], state: PlayState = initialPlayState(timing)): PlayState {
  return actions.reduce(gameReducer, state);
}

const received = (e: ServerEvent): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: t0,
});

/** A plain station (as the demo's Weidenhäuser Brücke) asking a question with a hint button. */
const question: GameAction[] = [
  received(
    event(
      "playerstatus",
      playerStatus({
        CurrentStation: 8,
        Stations: { "8": station({ DisplayHint: { Style: "plain", View: "custom" } }) },
      }),
      null,
    ),
  ),
  received(text(1, 8, "Was fiel der Königstochter in den Brunnen?", { Originator: "Frosch" })),
  received(event("buttongroup-start", { StationID: 8 }, 2)),
  received(
    event(
      "webbutton",
      { StationID: 8, Target: "c1", Text: "Einen Tipp, bitte", Hint: { Cost: 1 } },
      3,
    ),
  ),
  received(event("buttoninput-expected", { StationID: 8 }, 4)),
  received(event("answer-expected", { StationID: 8 }, 5)),
];

/** What the stream says after the tap: the echo, the hint, the question again (no button). */
const afterTap: GameAction[] = [
  received(text(6, 8, "Einen Tipp, bitte", { Originator: "user" })),
  received(text(7, 8, "Sie war rund.", { Originator: "Frosch" })),
  received(event("answer-expected", { StationID: 8 }, 8)),
];

const tapSent: GameAction = { type: "button-sent", stationId: 8, sentAfterEventId: 5 };

describe("the expectations after a send are what the stream said after it", () => {
  it("offers the hint button and the text input before the tap", () => {
    expect(messengerState(run(question), 8)).toMatchObject({
      inputEnabled: true,
      buttons: [{ target: "c1", text: "Einen Tipp, bitte", hint: { cost: 1 } }],
    });
  });

  it("keeps the hint button's cost in the stored game", () => {
    const stored = playStateSchema.parse(JSON.parse(JSON.stringify(run(question))));
    expect(stationLocal(stored, 8).buttons).toEqual([
      { target: "c1", text: "Einen Tipp, bitte", hint: { cost: 1 } },
    ]);
  });

  it("the stream's answer before the call's: the used button goes, the new question stays", () => {
    const state = run([...question, ...afterTap, tapSent]);
    expect(messengerState(state, 8)).toMatchObject({ inputEnabled: true, buttons: [] });
    expect(stationLocal(state, 8)).toMatchObject({ expectingButton: false, buttons: [] });
  });

  it("the call's answer before the stream's: the same", () => {
    const state = run([...question, tapSent, ...afterTap]);
    expect(messengerState(state, 8)).toMatchObject({ inputEnabled: true, buttons: [] });
  });

  it("the stream's answer before the call's, without the echo: the local clearing keeps only what came after the send", () => {
    const state = run([
      ...question,
      received(text(7, 8, "Sie war rund.", { Originator: "Frosch" })),
      received(event("answer-expected", { StationID: 8 }, 8)),
      tapSent,
    ]);
    expect(messengerState(state, 8)).toMatchObject({ inputEnabled: true, buttons: [] });
  });

  it("a later typed question does not keep the buttons of the earlier one", () => {
    const state = run([
      ...question,
      received(text(6, 8, "Kugel", { Originator: "user" })),
      received(text(7, 8, "Und wer holte sie herauf?", { Originator: "Frosch" })),
      received(event("answer-expected", { StationID: 8 }, 8)),
      { type: "answer-sent", stationId: 8, answer: "Kugel", sentAfterEventId: 5 },
    ]);
    expect(messengerState(state, 8)).toMatchObject({ inputEnabled: true, buttons: [] });
  });

  it("new buttons the stream brought before the call's answer stay", () => {
    const state = run([
      ...question,
      received(text(6, 8, "Einen Tipp, bitte", { Originator: "user" })),
      received(event("buttongroup-start", { StationID: 8 }, 7)),
      received(event("webbutton", { StationID: 8, Target: "c2", Text: "Noch einen" }, 8)),
      received(event("buttoninput-expected", { StationID: 8 }, 9)),
      tapSent,
    ]);
    expect(messengerState(state, 8)).toMatchObject({
      inputEnabled: false,
      buttons: [{ target: "c2", text: "Noch einen" }],
    });
  });

  it("a teammate's answer uses up the question on every member's phone", () => {
    const state = run([
      ...question,
      received(
        event(
          "webtext",
          {
            StationID: 8,
            Originator: "user",
            Text: "Kugel",
            Timestamp: new Date(t0).toISOString(),
            Member: "b",
            Name: "Ben",
          },
          6,
        ),
      ),
    ]);
    expect(messengerState(state, 8)).toMatchObject({ inputEnabled: false, buttons: [] });
  });

  it("a pending rejection goes with the echo", () => {
    const state = run([
      ...question,
      received(event("answer-expected", { StationID: 8 }, 6)),
      received(text(7, 8, "Kugl", { Originator: "user" })),
      { type: "tick", now: t0 + 100 },
    ]);
    expect(stationLocal(state, 8).answerRejected).toBe(false);
    expect(state.rejectionsDueAt).toEqual({});
  });

  it("a tap the server refused (409) takes the stale buttons away and keeps the question", () => {
    // A cache from before the echo counted: the used button stayed beside the next question.
    const stale = run([...question, received(event("answer-expected", { StationID: 8 }, 8))]);
    const refused = run(
      [{ type: "send-refused", stationId: 8, input: "buttons", sentAfterEventId: 8 }],
      stale,
    );
    expect(messengerState(refused, 8)).toMatchObject({ inputEnabled: true, buttons: [] });
  });
});

describe("a mission", () => {
  it("is awaited from mission-expected on, and used up by the player's echo", () => {
    const waiting = run([
      ...question.slice(0, 2),
      received(event("mission-expected", { StationID: 8, Kind: "photo", Judged: true }, 6)),
    ]);
    expect(stationLocal(waiting, 8).expectingMission).toEqual({ kind: "photo", judged: true });
    const sent = run(
      [
        received(
          event(
            "webtext",
            {
              StationID: 8,
              Originator: "user",
              Text: "Foto",
              Timestamp: new Date(t0).toISOString(),
            },
            7,
          ),
        ),
      ],
      waiting,
    );
    expect(stationLocal(sent, 8).expectingMission).toBeNull();
  });
});
