import { describe, expect, it } from "vitest";
import type { GameClock, PlayerStatus, ServerEvent } from "@wegmarke/protocol";
import { event, playerStatus, t0 } from "../test/fixtures";
import {
  clockPhase,
  FINAL_MINUTES_MS,
  isClockRefusal,
  nextPhaseChangeIn,
  nextSecondIn,
  receivedClock,
} from "./game-clock";
import type { ClockState } from "./game-clock";
import { gameReducer } from "./game-reducer";
import type { GameAction } from "./game-reducer";
import { initialPlayState, playStateSchema } from "./play-state";
import type { PlayState } from "./play-state";

const timing = { timePerCharacterInMs: 15, unreadMessageDelayMs: 5000 };
const minute = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

function run(actions: GameAction[], state: PlayState = initialPlayState(timing)): PlayState {
  return actions.reduce(gameReducer, state);
}

const received = (e: ServerEvent, at = t0): GameAction => ({
  type: "server-event",
  event: e,
  receivedAt: at,
});
const gameclock = (data: GameClock, at = t0) => received(event("gameclock", data, null), at);
const status = (overrides: Partial<PlayerStatus> = {}) =>
  received(event("playerstatus", playerStatus(overrides), null));

/** A clock whose server runs `offsetMs` ahead of the phone, received at t0. */
const clock = (startsAt: number | null, endsAt: number | null, offsetMs = 0): ClockState => ({
  startsAt,
  endsAt,
  offsetMs,
  receivedAt: t0,
});

describe("the game's clock in the game state", () => {
  it("keeps the start and the end, and how far the server's clock is ahead of the phone's", () => {
    const state = run([
      status(),
      // The phone's clock is 3 minutes behind the server's.
      gameclock(
        { StartsAt: iso(t0 - 60 * minute), EndsAt: iso(t0 + 90 * minute), ServerTime: iso(t0) },
        t0 - 3 * minute,
      ),
    ]);
    expect(state.clock).toEqual({
      startsAt: t0 - 60 * minute,
      endsAt: t0 + 90 * minute,
      offsetMs: 3 * minute,
      receivedAt: t0 - 3 * minute,
    });
  });

  it("takes a host's new end, and forgets a clock both of whose times were cleared", () => {
    const first = gameclock({ StartsAt: null, EndsAt: iso(t0), ServerTime: iso(t0) });
    const extended = run([
      first,
      gameclock({ StartsAt: null, EndsAt: iso(t0 + 15 * minute), ServerTime: iso(t0) }),
    ]);
    expect(extended.clock?.endsAt).toBe(t0 + 15 * minute);
    const cleared = run(
      [gameclock({ StartsAt: null, EndsAt: null, ServerTime: iso(t0 + minute) })],
      extended,
    );
    expect(cleared.clock).toBeNull();
  });

  it("counts an unreadable server time as no offset", () => {
    const state = run([gameclock({ StartsAt: null, EndsAt: iso(t0), ServerTime: "now" })]);
    expect(state.clock?.offsetMs).toBe(0);
  });

  it("is no event of the player's game: it leaves the last event id and the answer counts", () => {
    const asked = run([
      received(event("answer-expected", { StationID: 1 }, 7)),
      gameclock({ StartsAt: null, EndsAt: iso(t0 + minute), ServerTime: iso(t0) }),
    ]);
    expect(asked.lastEventId).toBe(7);
    expect(asked.answerExpectedCounts).toEqual({ 1: 1 });
  });

  it("forgets the clock when a stream opens (its clock follows, if the game has one)", () => {
    const known = run([gameclock({ StartsAt: null, EndsAt: iso(t0), ServerTime: iso(t0) })]);
    expect(run([status()], known).clock).not.toBeNull();
    expect(run([status({ BacklogUntil: 0 })], known).clock).toBeNull();
  });

  it("keeps the clock when the game starts over on a new stream (a team joined)", () => {
    const known = run([gameclock({ StartsAt: null, EndsAt: iso(t0), ServerTime: iso(t0) })]);
    expect(run([{ type: "start-over" }], known).clock).toEqual(known.clock);
  });

  it("reads a cache from before the clock as a game without one", () => {
    const older: Partial<PlayState> = { ...initialPlayState(timing) };
    delete older.clock;
    expect(playStateSchema.parse(older).clock).toBeNull();
  });
});

describe("clockPhase", () => {
  it("is none for a game without a start or an end", () => {
    expect(clockPhase(null, t0)).toEqual({ phase: "none" });
    expect(clockPhase(clock(null, null), t0)).toEqual({ phase: "none" });
  });

  it("is before until the start, with the time until it", () => {
    expect(clockPhase(clock(t0 + 5 * minute, t0 + 60 * minute), t0)).toEqual({
      phase: "before",
      startsAt: t0 + 5 * minute,
      startsInMs: 5 * minute,
    });
  });

  it("runs from the start on, with the time left when the game has an end", () => {
    expect(clockPhase(clock(t0, t0 + 60 * minute), t0)).toEqual({
      phase: "running",
      msLeft: 60 * minute,
      finalMinutes: false,
    });
    expect(clockPhase(clock(t0 - minute, null), t0)).toEqual({
      phase: "running",
      finalMinutes: false,
    });
  });

  it("warns in the last 10 minutes", () => {
    const end = t0 + 60 * minute;
    const at = (msLeft: number) => clockPhase(clock(null, end), end - msLeft);
    expect(at(FINAL_MINUTES_MS + 1)).toMatchObject({ phase: "running", finalMinutes: false });
    expect(at(FINAL_MINUTES_MS)).toMatchObject({ phase: "running", finalMinutes: true });
    expect(at(1)).toEqual({ phase: "running", msLeft: 1, finalMinutes: true });
  });

  it("is over from the end on", () => {
    expect(clockPhase(clock(null, t0), t0)).toEqual({ phase: "over" });
    expect(clockPhase(clock(t0 - 60 * minute, t0), t0 + minute)).toEqual({ phase: "over" });
  });

  it("counts from the server's time, not the phone's", () => {
    // The phone's clock is 2 minutes behind: by its own time the game would still run.
    const behind = clock(null, t0, 2 * minute);
    expect(clockPhase(behind, t0 - minute)).toEqual({ phase: "over" });
    expect(clockPhase(behind, t0 - 3 * minute)).toMatchObject({ phase: "running", msLeft: minute });
    // It is 2 minutes ahead: the game has not started yet.
    expect(clockPhase(clock(t0, null, -2 * minute), t0 + minute)).toMatchObject({
      phase: "before",
      startsInMs: minute,
    });
  });
});

describe("the clock's next change", () => {
  const end = t0 + 60 * minute;

  it("is the start, the last minutes or the end, whichever comes next", () => {
    const timed = clock(t0, end);
    expect(nextPhaseChangeIn(timed, t0 - minute)).toBe(minute);
    expect(nextPhaseChangeIn(timed, t0)).toBe(50 * minute);
    expect(nextPhaseChangeIn(timed, end - 5 * minute)).toBe(5 * minute);
    expect(nextPhaseChangeIn(timed, end)).toBeNull();
    expect(nextPhaseChangeIn(null, t0)).toBeNull();
  });

  it("is the countdown's next second while the game runs towards its end", () => {
    expect(nextSecondIn(clock(null, end), end - 1500)).toBe(500);
    expect(nextSecondIn(clock(null, end), end - 2000)).toBe(1000);
    expect(nextSecondIn(clock(t0, end), t0 - 1500)).toBe(1500);
    expect(nextSecondIn(clock(t0, null), t0)).toBeNull();
  });
});

describe("isClockRefusal", () => {
  it("tells the clock's refusals from the others", () => {
    expect(isClockRefusal("game not started")).toBe(true);
    expect(isClockRefusal("game over")).toBe(true);
    expect(isClockRefusal("no answer expected")).toBe(false);
  });
});

describe("receivedClock", () => {
  it("reads the times of a clock with their offsets", () => {
    expect(
      receivedClock(
        {
          StartsAt: "2026-06-13T10:00:00+02:00",
          EndsAt: "2026-06-13T14:00:00+02:00",
          ServerTime: "2026-06-13T08:00:00.000Z",
        },
        Date.parse("2026-06-13T08:00:01.000Z"),
      ),
    ).toEqual({
      startsAt: Date.parse("2026-06-13T08:00:00Z"),
      endsAt: Date.parse("2026-06-13T12:00:00Z"),
      offsetMs: -1000,
      receivedAt: Date.parse("2026-06-13T08:00:01.000Z"),
    });
  });
});
