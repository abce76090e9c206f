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
