import { clockTime } from "@wegmarke/protocol";
import { z } from "zod";

/** A whole number from 1 to `max`, or none. */
const upTo = (max: number) => z.number().int().min(1).max(max).optional();

/**
 * game.yaml's `gameMaster`: when the console's overview marks a participant at a running
 * station as stuck (docs/content-authoring.md; STUCK_DEFAULTS where a key is not given).
 */
export const gameMasterSchema = z.strictObject({
  stuckAfterMinutes: upTo(24 * 60),
  stuckAfterWrongAnswers: upTo(1000),
});

/**
 * game.yaml's `clock` (docs/content-authoring.md, "clock"): when the game starts
 * and ends, ISO 8601 with the offset (`2026-06-13T10:00:00+02:00`). Either may be left out; the
 * end must come after the start.
 */
export const clockSchema = z
  .strictObject({
    start: clockTime.optional(),
    end: clockTime.optional(),
  })
  .refine(({ start, end }) => !start || !end || Date.parse(start) < Date.parse(end), {
    error: "the game must end after it starts",
    path: ["end"],
  });

/** What game.yaml says for the game master: when someone is stuck, and the game's clock. */
export const gameMasterKeys = {
  gameMaster: gameMasterSchema.optional(),
  clock: clockSchema.optional(),
};
