import { z } from "zod";
import { ErrorReason } from "@wegmarke/protocol";
import type { GameClock } from "@wegmarke/protocol";

/** The last minutes of the game: the time left shows as a warning. */
export const FINAL_MINUTES_MS = 10 * 60_000;

/**
 * The game's clock as the stream's `gameclock` said it last (ms since the epoch, the server's
 * time), with how far the server's clock was ahead of this phone's when it came: the time left
 * counts from the server's time, as a phone's own clock may be minutes off.
 */
export const clockStateSchema = z.object({
  startsAt: z.number().nullable(),
  endsAt: z.number().nullable(),
  /** The server's time minus the phone's (`Date.now()`) when the event came. */
  offsetMs: z.number(),
  /** When the event came, by the phone's clock. */
  receivedAt: z.number(),
});
export type ClockState = z.infer<typeof clockStateSchema>;

/**
 * Where the game stands on its clock: `none` without a start or an end; `before` its start;
 * `running` (`msLeft` until the end, if it has one; `finalMinutes` in its last 10 minutes);
 * `over` from the end on.
 */
export type ClockPhase =
  | { phase: "none" }
  | { phase: "before"; startsAt: number; startsInMs: number }
  | { phase: "running"; msLeft?: number; finalMinutes: boolean }
  | { phase: "over" };

/** A `gameclock` event, received at `receivedAt` (the phone's time); null for a game without one. */
export function receivedClock(event: GameClock, receivedAt: number): ClockState | null {
  const startsAt = event.StartsAt === null ? null : Date.parse(event.StartsAt);
  const endsAt = event.EndsAt === null ? null : Date.parse(event.EndsAt);
  if (startsAt === null && endsAt === null) return null;
  const serverTime = Date.parse(event.ServerTime);
  return {
    startsAt,
    endsAt,
    offsetMs: Number.isNaN(serverTime) ? 0 : serverTime - receivedAt,
    receivedAt,
  };
}

/** The server's time when the phone's clock says `nowMs`. */
export function serverNow(clock: ClockState, nowMs: number): number {
  return nowMs + clock.offsetMs;
}

/** The phase of the game at `nowMs` (the phone's time). */
export function clockPhase(clock: ClockState | null, nowMs: number): ClockPhase {
  if (clock === null || (clock.startsAt === null && clock.endsAt === null)) {
    return { phase: "none" };
  }
  const now = serverNow(clock, nowMs);
  const { startsAt, endsAt } = clock;
  if (startsAt !== null && now < startsAt) {
    return { phase: "before", startsAt, startsInMs: startsAt - now };
  }
  if (endsAt === null) return { phase: "running", finalMinutes: false };
  const msLeft = endsAt - now;
  if (msLeft <= 0) return { phase: "over" };
  return { phase: "running", msLeft, finalMinutes: msLeft <= FINAL_MINUTES_MS };
}

/**
 * How long from `nowMs` until the phase changes (the start, the last minutes, the end); null
 * when it never does.
 */
export function nextPhaseChangeIn(clock: ClockState | null, nowMs: number): number | null {
  if (clock === null) return null;
  const now = serverNow(clock, nowMs);
  const { startsAt, endsAt } = clock;
  const moments = [startsAt, endsAt === null ? null : endsAt - FINAL_MINUTES_MS, endsAt];
  const ahead = moments
    .filter((moment): moment is number => moment !== null && moment > now)
    .map((moment) => moment - now);
  return ahead.length === 0 ? null : Math.min(...ahead);
}

/** How long from `nowMs` until the countdown shows its next second, or the phase changes. */
export function nextSecondIn(clock: ClockState | null, nowMs: number): number | null {
  const phase = clockPhase(clock, nowMs);
  const change = nextPhaseChangeIn(clock, nowMs);
  if (phase.phase !== "running" || phase.msLeft === undefined) return change;
  const second = phase.msLeft % 1000 || 1000;
  return change === null ? second : Math.min(second, change);
}

/** A refusal of the game's clock (409 before the start, from the end on). */
export function isClockRefusal(reason: string): boolean {
  return reason === ErrorReason.gameNotStarted || reason === ErrorReason.gameOver;
}
