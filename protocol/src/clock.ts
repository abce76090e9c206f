import { z } from "zod";

/**
 * A time of the game's clock: ISO 8601 with its offset or `Z`, as game.yaml's `clock` and the
 * operators' API write it (`2026-06-13T14:00:00+02:00`).
 */
export const clockTime = z.iso.datetime({ offset: true });

/**
 * The game's clock (docs/content-authoring.md, "clock"), the stream's `gameclock`
 * event: sent without an id after the opening status when the game has a start or an end, and
 * to every open stream when a host changes the end. Before `StartsAt` no station starts; from
 * `EndsAt` on no station starts and no answer counts, and the scoreboard stands. `ServerTime`
 * is the server's time when it sent the event: the app counts the time left from it, not from
 * the phone's own clock.
 */
export const gameClockSchema = z.object({
  StartsAt: clockTime.nullable(),
  EndsAt: clockTime.nullable(),
  ServerTime: z.string(),
});
export type GameClock = z.infer<typeof gameClockSchema>;

/** `GET /api/ops/clock`: the game's start and end, and the end its pack gives. */
export const opsClock = z.object({
  startsAt: clockTime.nullable(),
  /** The end in force: a host's, else the pack's; null: the game does not end. */
  endsAt: clockTime.nullable(),
  /** game.yaml's end, which a host's end replaces. */
  packEndsAt: clockTime.nullable(),
  /** The server's time now (ISO 8601). */
  now: z.string(),
});
export type OpsClock = z.infer<typeof opsClock>;

/**
 * `PUT /api/ops/clock`: a host sets the game's end (later to extend it, now to end the game);
 * null goes back to the pack's end. An end before the start is refused (400).
 */
export const opsClockRequest = z.object({ endsAt: clockTime.nullable() });
export type OpsClockRequest = z.infer<typeof opsClockRequest>;
