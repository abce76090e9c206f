// Over 300 lines: every action of the game reducer, a test per rule.
import { describe, expect, it } from "vitest";
import type { PlayerStatus, ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { gameReducer, nextDueAt, resumePlayState, typingDelay } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState, stationLocal } from "./play-state";
import type { PlayState, Message } from "./play-state";
import { messengerState, writerAt } from "./messenger";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };

function run(actions: GameAction[], state: PlayState = initialPlayState(timing)): PlayState {
  return actions.reduce(gameReducer, state);
}

const received = (e: ServerEvent, at = t0): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: at,
});
const status = (overrides: Partial<PlayerStatus> = {}, id: number | null = null) =>
  received(event("playerstatus", playerStatus(overrides), id));
const tick = (now: number): GameAction => ({ type: "tick", now });
const texts = (state: PlayState, stationId: number) =>
  stationLocal(state, stationId).messages.map((message) => message.content);

describe("event ids", () => {
  it("events at or below the last event id are ignored", () => {
    const state = run([status(), received(text(1, 1, "Hallo")), received(text(1, 1, "Hallo"))]);
    const replayed = run([received(text(1, 1, "noch mal"))], state);
    expect(replayed).toBe(state);
    expect(stationLocal(state, 1).queue).toHaveLength(1);
    expect(state.lastEventId).toBe(1);
  });

  it("events without an id are always applied and keep the last event id", () => {
    const state = run([received(text(4, 1, "Hallo")), status({ CurrentStation: 1 })]);
    expect(state.lastEventId).toBe(4);
    expect(state.currentStation).toBe(1);
  });
});

describe("expectations", () => {
  it("answer-expected marks the station expecting an answer and clears the rejection", () => {
    const rejected = run([
      received(event("answer-expected", { StationID: 1 }, 1)),
      received(event("answer-expected", { StationID: 1 }, 2)),
      tick(t0 + 10),
    ]);
    expect(stationLocal(rejected, 1).answerRejected).toBe(true);
    const state = run(
      [received(text(3, 1, "?")), received(event("answer-expected", { StationID: 1 }, 4))],
      rejected,
    );
    expect(stationLocal(state, 1)).toMatchObject({ expectingAnswer: true, answerRejected: false });
  });

  it("answer-expected a second time counts as answer-rejected after 10 ms", () => {
    const state = run([
      received(event("answer-expected", { StationID: 1 }, 1)),
      received(event("answer-expected", { StationID: 1 }, 2)),
    ]);
    expect(stationLocal(state, 1).answerRejected).toBe(false);
    expect(nextDueAt(state)).toBe(t0 + 10);
    expect(stationLocal(run([tick(t0 + 9)], state), 1).answerRejected).toBe(false);
    const later = run([tick(t0 + 10)], state);
    expect(stationLocal(later, 1)).toMatchObject({ expectingAnswer: true, answerRejected: true });
    expect(nextDueAt(later)).toBeNull();
  });

  it("answer-expected for another station does not count for this one", () => {
    const state = run([
      received(event("answer-expected", { StationID: 1 }, 1)),
      received(event("answer-expected", { StationID: 2 }, 2)),
    ]);
    expect(state.rejectionsDueAt).toEqual({});
  });

  it("any other event type resets the answer-expected count", () => {
    const state = run([
      received(event("answer-expected", { StationID: 1 }, 1)),
      received(event("buttongroup-start", { StationID: 1 }, 2)),
      received(event("answer-expected", { StationID: 1 }, 3)),
    ]);
    expect(state.answerExpectedCounts).toEqual({ 1: 1 });
    expect(state.rejectionsDueAt).toEqual({});
  });

  it("buttongroup-start clears the station's buttons and their wait", () => {
    const state = run([
      received(event("webbutton", { StationID: 1, Target: "a", Text: "Ja" }, 1)),
      received(event("buttoninput-expected", { StationID: 1 }, 2)),
      received(event("webbutton", { StationID: 2, Target: "x", Text: "Anderswo" }, 3)),
      received(event("buttoninput-expected", { StationID: 2 }, 4)),
      // A host's hint: the empty group, then no buttons.
      received(event("buttongroup-start", { StationID: 1 }, 5)),
    ]);
    expect(stationLocal(state, 1)).toMatchObject({ buttons: [], expectingButton: false });
    expect(stationLocal(state, 2)).toMatchObject({ expectingButton: true });
    expect(stationLocal(state, 2).buttons).toHaveLength(1);
  });

  it("wait-ended forgets the station's question, buttons and mission; the next wait follows", () => {
    const state = run([
      received(event("webbutton", { StationID: 1, Target: "a", Text: "Tipp" }, 1)),
      received(event("buttoninput-expected", { StationID: 1 }, 2)),
      received(event("answer-expected", { StationID: 1 }, 3)),
      received(event("mission-expected", { StationID: 1, Kind: "photo", Judged: true }, 4)),
      received(event("answer-expected", { StationID: 2 }, 5)),
      // A host continues station 1 at another knot.
      received(event("wait-ended", { StationID: 1 }, 6)),
    ]);
    expect(stationLocal(state, 1)).toMatchObject({
      buttons: [],
      expectingButton: false,
      expectingAnswer: false,
      expectingMission: null,
    });
    expect(stationLocal(state, 2).expectingAnswer).toBe(true);
    const next = run([received(event("answer-expected", { StationID: 1 }, 7))], state);
    expect(stationLocal(next, 1).expectingAnswer).toBe(true);
  });

  it("webbutton adds a button to the station", () => {
    const state = run([
      received(event("buttongroup-start", { StationID: 1 }, 1)),
      received(event("webbutton", { StationID: 1, Target: "a", Text: "Den Fürstensaal" }, 2)),
      received(event("webbutton", { StationID: 1, Target: "b", Text: "Die Aussicht" }, 3)),
    ]);
    expect(stationLocal(state, 1).buttons).toEqual([
      { target: "a", text: "Den Fürstensaal" },
      { target: "b", text: "Die Aussicht" },
    ]);
  });

  it("webbutton keeps what a hint button costs, a free one's too", () => {
    const hint = (target: string, Cost: number, id: number) =>
      received(
        event("webbutton", { StationID: 1, Target: target, Text: "Tipp", Hint: { Cost } }, id),
      );
    const state = run([hint("a", 2, 1), hint("b", 0, 2)]);
    expect(stationLocal(state, 1).buttons).toEqual([
      { target: "a", text: "Tipp", hint: { cost: 2 } },
      { target: "b", text: "Tipp", hint: { cost: 0 } },
    ]);
  });

  it("buttoninput-expected marks the station expecting button input", () => {
    const state = run([received(event("buttoninput-expected", { StationID: 1 }, 1))]);
    expect(stationLocal(state, 1).expectingButton).toBe(true);
  });

  it("after a successful send the expectations are cleared", () => {
    const state = run([
      received(event("webbutton", { StationID: 1, Target: "a", Text: "Ja" }, 1)),
      received(event("buttoninput-expected", { StationID: 1 }, 2)),
      received(event("answer-expected", { StationID: 1 }, 3)),
      { type: "answer-sent", stationId: 1, answer: "Hahn", sentAfterEventId: 3 },
    ]);
    expect(stationLocal(state, 1)).toMatchObject({
      expectingAnswer: false,
      answerRejected: false,
      expectingButton: false,
      lastAnswer: "Hahn",
    });
    const pressed = run(
      [
        received(event("buttoninput-expected", { StationID: 2 }, 4)),
        { type: "button-sent", stationId: 2, sentAfterEventId: 4 },
      ],
      state,
    );
    expect(stationLocal(pressed, 2).expectingButton).toBe(false);
  });

  it("a send does not clear an expectation the stream brought after it was made", () => {
    const state = run([
      received(event("answer-expected", { StationID: 1 }, 3)),
      received(text(4, 1, "Katze", { Originator: "user" })),
      received(event("answer-expected", { StationID: 1 }, 5)),
      { type: "answer-sent", stationId: 1, answer: "Katze", sentAfterEventId: 3 },
    ]);
    expect(stationLocal(state, 1)).toMatchObject({ expectingAnswer: true, lastAnswer: "Katze" });
  });
});

describe("current and last active station", () => {
  it("a current station id below 1 becomes null", () => {
    const state = run([status({ CurrentStation: 1 }), status({ CurrentStation: 0 })]);
    expect(state.currentStation).toBeNull();
  });

  it("a changed current station id is stored as the last active station", () => {
    const state = run([status({ CurrentStation: 1 }), status({ CurrentStation: 2 })]);
    expect(state.lastActiveStation).toBe(2);
    expect(run([status({ CurrentStation: 0 })], state).lastActiveStation).toBe(2);
  });

  it("when the current station changes and there is no last active station, the old station's data is deleted", () => {
    const playing = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Hallo")),
      tick(t0 + 5000),
    ]);
    const withoutLastActive: PlayState = { ...playing, lastActiveStation: null };
    const state = run([status({ CurrentStation: 2 })], withoutLastActive);
    expect(state.stations[1]).toBeUndefined();
  });

  it("when the current station changes and there is a last active station, the old station's data is kept", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Hallo")),
      tick(t0 + 5000),
      status({ CurrentStation: 0 }),
    ]);
    expect(texts(state, 1)).toEqual(["Hallo"]);
  });
});

describe("typing queue (game-station style)", () => {
  it("a character's message is queued and arrives as unread after the typing delay", () => {
    const state = run([status({ CurrentStation: 1 }), received(text(1, 1, "Hallo!"))]);
    expect(texts(state, 1)).toEqual([]);
    expect(nextDueAt(state)).toBe(t0 + 6 * 15);
    const delivered = run([tick(t0 + 90)], state);
    expect(stationLocal(delivered, 1).messages).toMatchObject([
      { content: "Hallo!", unread: true },
    ]);
    expect(nextDueAt(delivered)).toBeNull();
  });

  it("the typing delay is timePerCharacterInMs times the text length, capped at unreadMessageDelayMs", () => {
    const message: Message = {
      id: 1,
      stationId: 1,
      originator: "Lena",
      type: "webtext",
      content: "x".repeat(100),
      timestamp: "",
      unread: true,
    };
    expect(typingDelay(message, timing)).toBe(1500);
    expect(typingDelay({ ...message, content: "x".repeat(1000) }, timing)).toBe(5000);
  });

  it("recommendations use the default delay", () => {
    const message: Message = {
      id: 1,
      stationId: 1,
      originator: "Lena",
      type: "webtext-recommendation",
      content: "Kurz",
      timestamp: "",
      unread: true,
      recommendationId: "r1",
    };
    expect(typingDelay(message, timing)).toBe(5000);
  });

  it("queued messages are delivered one at a time", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "eins")),
      received(text(2, 1, "zwei")),
    ]);
    const first = run([tick(t0 + 60)], state);
    expect(texts(first, 1)).toEqual(["eins"]);
    expect(nextDueAt(first)).toBe(t0 + 60 + 60);
    expect(texts(run([tick(t0 + 120)], first), 1)).toEqual(["eins", "zwei"]);
  });

  it("a writing indicator shows for the current or last active station while a message is queued", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Hallo")),
      received(text(2, 2, "Psst", { Originator: "Max" })),
    ]);
    expect(writerAt(state, 1)).toBe("Lena");
    expect(writerAt(state, 2)).toBeNull();
    const finished = run([status({ CurrentStation: 0 })], state);
    expect(writerAt(finished, 1)).toBe("Lena");
    expect(writerAt(run([tick(t0 + 5000)], finished), 1)).toBeNull();
  });

  it("other styles add messages directly", () => {
    const plain = playerStatus({
      Stations: { "1": station({ DisplayHint: { Style: "plain", View: "station" } }) },
    });
    const state = run([
      received(event("playerstatus", plain, null)),
      received(text(1, 1, "Hallo")),
    ]);
    expect(stationLocal(state, 1).messages).toMatchObject([{ content: "Hallo", unread: true }]);
    expect(nextDueAt(state)).toBeNull();
  });

  it("messages older than 10 s when received skip the typing animation and arrive as read", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "von gestern", { at: t0 - 10_001 })),
    ]);
    expect(stationLocal(state, 1).messages).toMatchObject([
      { content: "von gestern", unread: false },
    ]);
  });

  it("an old message behind queued ones keeps its place and skips the typing", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "neu")),
      received(text(2, 1, "alt", { at: t0 - 60_000 })),
      tick(t0 + 45),
    ]);
    expect(stationLocal(state, 1).messages).toMatchObject([
      { content: "neu", unread: true },
      { content: "alt", unread: false },
    ]);
  });

  it("the player's own answers arrive directly as read", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Hahn", { Originator: "user" })),
    ]);
    expect(stationLocal(state, 1).messages).toMatchObject([{ originator: "user", unread: false }]);
  });

  it("content messages carry their content reference", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(
        event(
          "webcontent",
          {
            StationID: 1,
            Originator: "Lena",
            ContentRef: "stations/3/rosenwunder.mp3",
            SeenRatio: 0.8,
            Timestamp: new Date(t0 - 60_000).toISOString(),
          },
          1,
        ),
      ),
    ]);
    expect(stationLocal(state, 1).messages).toMatchObject([
      { type: "webcontent", content: "stations/3/rosenwunder.mp3", seenRatio: 0.8 },
    ]);
  });

  it("messages still queued when the app is reopened are typed again", () => {
    const state = run([status({ CurrentStation: 1 }), received(text(1, 1, "Hallo"))]);
    const reopened = resumePlayState(
      JSON.parse(JSON.stringify(state)) as PlayState,
      timing,
      t0 + 60_000,
    );
    expect(nextDueAt(reopened)).toBe(t0 + 60_000 + 75);
    expect(writerAt(reopened, 1)).toBe("Lena");
    expect(texts(run([tick(t0 + 60_075)], reopened), 1)).toEqual(["Hallo"]);
  });
});

describe("reading", () => {
  it("viewing a station marks its unread messages as read", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Hallo")),
      tick(t0 + 5000),
      { type: "station-viewed", stationId: 1 },
    ]);
    expect(stationLocal(state, 1).messages.every((message) => !message.unread)).toBe(true);
    expect(run([{ type: "station-viewed", stationId: 1 }], state)).toBe(state);
  });
});

describe("messenger", () => {
  it("the text input is enabled when an answer is expected or rejected and nobody is writing", () => {
    const writing = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Welches Tier?")),
      received(event("answer-expected", { StationID: 1 }, 2)),
    ]);
    expect(messengerState(writing, 1)).toMatchObject({ writer: "Lena", inputEnabled: false });
    const done = run([tick(t0 + 5000)], writing);
    expect(messengerState(done, 1)).toMatchObject({ writer: null, inputEnabled: true });
  });

  it("button answers show when button input is expected and nobody is writing", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(event("webbutton", { StationID: 1, Target: "a", Text: "Ja" }, 1)),
    ]);
    expect(messengerState(state, 1).buttons).toEqual([]);
    const expecting = run([received(event("buttoninput-expected", { StationID: 1 }, 2))], state);
    expect(messengerState(expecting, 1).buttons).toEqual([{ target: "a", text: "Ja" }]);
  });

  it("says who writes again later once the messages before are typed, until their next message", () => {
    const pending = (from: string) =>
      received(event("messages-pending", { StationID: 1, Originator: from }, null));
    const waiting = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "Warte …")),
      pending("Lena"),
    ]);
    // While "Warte …" is typed, Lena is writing.
    expect(messengerState(waiting, 1)).toMatchObject({ writer: "Lena", pending: null });
    const typed = run([tick(t0 + 5000)], waiting);
    expect(messengerState(typed, 1)).toMatchObject({ writer: null, pending: "Lena" });
    // The player's own answer is not it.
    const echoed = run([received(text(2, 1, "Hallo?", { Originator: "user" }))], typed);
    expect(messengerState(echoed, 1).pending).toBe("Lena");
    // The held-back message: typed, and nothing is pending any more; a next wait comes anew.
    const arrived = run([received(text(3, 1, "Gefunden!")), tick(t0 + 10_000)], echoed);
    expect(messengerState(arrived, 1)).toMatchObject({ writer: null, pending: null });
    expect(messengerState(run([pending("Max")], arrived), 1).pending).toBe("Max");
  });
});

describe("cancel", () => {
  it("cancel deletes the station's local data and delayed messages", () => {
    const state = run([
      status({ CurrentStation: 1 }),
      received(text(1, 1, "eins")),
      tick(t0 + 100),
      received(text(2, 1, "zwei")),
      received(event("answer-expected", { StationID: 1 }, 3)),
      received(event("answer-expected", { StationID: 1 }, 4)),
      { type: "station-cancelled", stationId: 1 },
    ]);
    expect(state.stations[1]).toBeUndefined();
    expect(state.lastActiveStation).toBeNull();
    expect(nextDueAt(state)).toBeNull();
  });
});

describe("unseen stations", () => {
  it("new stations in a view set its unseen marker, and seeing the list clears it", () => {
    const first = playerStatus({ Stations: { "1": station() } });
    const state = run([received(event("playerstatus", first, null)), status({}, 1)]);
    expect(state.unseenViews).toEqual(["station"]);
    expect(run([{ type: "station-list-seen", view: "station" }], state).unseenViews).toEqual([]);
  });

  it("the first status of a device sets no unseen marker", () => {
    expect(run([status()]).unseenViews).toEqual([]);
  });
});
