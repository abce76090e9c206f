import { describe, expect, it } from "vitest";
import type { ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, t0, text } from "../test/fixtures";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { unreadCount } from "./messenger";
import { initialPlayState } from "./play-state";
import type { PlayState } from "./play-state";
import { applyReadMarks, mergeReadMarks, readMarksOf, sameReadMarks } from "./read-marks";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };

function run(actions: GameAction[], state: PlayState = initialPlayState(timing)): PlayState {
  return actions.reduce(gameReducer, state);
}

const received = (e: ServerEvent, at = t0): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: at,
});

/** Ticks enough to type out three queued messages, one after the other. */
const typedOut: GameAction[] = [1, 2, 3].map((n) => ({ type: "tick", now: t0 + n * 10_000 }));

/** One tab of the player: station 1 sends three messages, all typed out. */
function tab(member?: string): PlayState {
  return run([
    received(
      event(
        "playerstatus",
        playerStatus({ CurrentStation: 1, BacklogUntil: 0, ...(member && { Member: member }) }),
        null,
      ),
    ),
    received(text(1, 1, "eins")),
    received(text(2, 1, "zwei")),
    received(text(3, 1, "drei")),
    ...typedOut,
  ]);
}

describe("read marks shared by two tabs", () => {
  it("a station counts as read up to its first unread message", () => {
    const state = tab();
    expect(readMarksOf(state).stations).toEqual({});
    const read = run([{ type: "station-viewed", stationId: 1 }], state);
    expect(readMarksOf(read).stations).toEqual({ 1: 3 });
    const more = run([received(text(4, 1, "vier")), { type: "tick", now: t0 + 60_000 }], read);
    expect(readMarksOf(more).stations).toEqual({ 1: 3 });
  });

  it("what one tab read is read in the other, and the other's unread count agrees", () => {
    const first = run([{ type: "station-viewed", stationId: 1 }], tab());
    const second = tab();
    expect(unreadCount(second, 1)).toBe(3);
    const synced = run([{ type: "read-elsewhere", marks: readMarksOf(first) }], second);
    expect(unreadCount(synced, 1)).toBe(0);
    // Nothing new the second time: the same state, so the tabs do not write back and forth.
    expect(run([{ type: "read-elsewhere", marks: readMarksOf(first) }], synced)).toBe(synced);
  });

  it("messages still being typed in the slower tab arrive read", () => {
    const first = run([{ type: "station-viewed", stationId: 1 }], tab());
    const slower = run([
      received(event("playerstatus", playerStatus({ CurrentStation: 1, BacklogUntil: 0 }), null)),
      received(text(1, 1, "eins")),
      received(text(2, 1, "zwei")),
      received(text(3, 1, "drei")),
    ]);
    const synced = applyReadMarks(slower, readMarksOf(first));
    const delivered = run(typedOut, synced);
    expect(unreadCount(delivered, 1)).toBe(0);
  });

  it("seen news, stories and points count in both tabs", () => {
    const first = run(
      [
        { type: "seen", mark: { kind: "story", storyId: 7 } },
        { type: "seen", mark: { kind: "points", points: 12 } },
        {
          type: "seen",
          mark: { kind: "news", upTo: 4, operatorUpTo: 9, nearby: null, arrived: null },
        },
      ],
      tab(),
    );
    const synced = applyReadMarks(tab(), readMarksOf(first));
    expect(synced.seen).toMatchObject({ news: 4, operatorNews: 9, stories: [7], points: 12 });
  });

  it("marks of another stream (another team) are not taken", () => {
    const first = run([{ type: "station-viewed", stationId: 1 }], tab("team-a"));
    const second = tab("team-b");
    expect(applyReadMarks(second, readMarksOf(first))).toBe(second);
  });

  it("merging takes the larger of each mark", () => {
    const a = { ...readMarksOf(tab()), stations: { 1: 3, 2: 9 }, stories: [1], points: 5 };
    const b = { ...readMarksOf(tab()), stations: { 1: 7 }, stories: [2, 1], news: 3, points: 2 };
    const merged = mergeReadMarks(a, b);
    expect(merged).toMatchObject({ stations: { 1: 7, 2: 9 }, stories: [1, 2], news: 3, points: 5 });
    expect(sameReadMarks(merged, mergeReadMarks(b, a))).toBe(true);
    expect(sameReadMarks(merged, a)).toBe(false);
  });
});
