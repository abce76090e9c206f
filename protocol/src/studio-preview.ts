import { z } from "zod";
import { languageSchema } from "./config";
import { opsDraftCheck } from "./studio";

/* The studio's preview: the draft played in a game of its own. */

/**
 * `POST /api/ops/pack/draft/preview`: plays the draft in a game of its own. `desk`: every
 * station starts from the list (no GPS, no QR code), secret ones shown.
 */
export const opsPreviewRequest = z.object({
  desk: z.boolean(),
  /** Hours of `#delay:` and of reminders become minutes, minutes seconds; typing is quicker. */
  fast: z.boolean().optional(),
  /** Starts one of a station's scripts at a knot (`knot.stitch`, a label), not its beginning. */
  start: z
    .object({
      file: z
        .string()
        .max(240)
        .regex(
          /^stations\/[1-9][0-9]{0,9}-[A-Za-z0-9_-]{0,80}\/[\w.-]{1,80}\.ink$/,
          "not a station's script",
        ),
      knot: z
        .string()
        .max(120)
        .regex(/^[A-Za-z_]\w*(\.[A-Za-z_]\w*){0,2}$/, "not a knot's name"),
    })
    .optional(),
});
export type OpsPreviewRequest = z.infer<typeof opsPreviewRequest>;

/**
 * The preview's player app (`path`, below the server's address) and the draft's files it
 * plays (`digest`, the start of their hash: a save makes another), or the check that keeps
 * the draft from playing.
 */
export const opsPreviewOutcome = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    path: z.string(),
    digest: z.string(),
    desk: z.boolean(),
    fast: z.boolean(),
    /** The languages the draft is written in: the preview plays in any of them. */
    languages: z.array(languageSchema).min(1),
  }),
  z.object({ ok: z.literal(false), check: opsDraftCheck }),
]);
export type OpsPreviewOutcome = z.infer<typeof opsPreviewOutcome>;
