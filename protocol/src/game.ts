import { z } from "zod";
import { languageSchema } from "./config";
import { MAX_ID } from "./ids";
import { requestText, secretText } from "./text";

/** Calls of the web-app (game) base (spec section 7), mounted at `/api/game/`. */

const hash = secretText;

/** A decimal number as text: `1`, `-2`, `0.5`, `.5`, `1e3`; not `0x10`, `Infinity` or "". */
const NUMERIC_TEXT = /^[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[-+]?\d+)?$/i;

/**
 * A number field of a request: a JSON number, or the same as text (`"1"`: clients written
 * against the spec send ids as strings). Anything else fails `schema` with its type
 * ("expected number, received boolean"), where `z.coerce.number()` read `true` as 1, `null`,
 * "" and `[]` as 0 and `[5]` as 5.
 */
export function requestNumber<T extends z.ZodNumber>(schema: T) {
  return z.preprocess(
    (value) =>
      typeof value === "string" && NUMERIC_TEXT.test(value.trim()) ? Number(value) : value,
    schema,
  );
}

/**
 * A boolean field of a request: `true`/`false`, or the same as text.
 * `z.coerce.boolean()` read every non-empty string as true, "false" included.
 */
export function requestBoolean() {
  return z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean(),
  );
}

export { MAX_ID };

/** Station and story ids are positive integers; clients may send them as numeric strings. */
export const stationIdSchema = requestNumber(z.number().int().positive().max(MAX_ID));

export const stationRequest = z.object({ StationID: stationIdSchema, Hash: hash });
export type StationRequest = z.infer<typeof stationRequest>;

/**
 * The device's position sent with an activation, for stations that open only near their place
 * (`Accuracy`: the radius in metres the device gives for it, 95 % confidence).
 */
export const positionSchema = z.object({
  Latitude: requestNumber(z.number().min(-90).max(90)),
  Longitude: requestNumber(z.number().min(-180).max(180)),
  Accuracy: requestNumber(z.number().nonnegative().max(1_000_000)).optional(),
});
export type PositionRequest = z.infer<typeof positionSchema>;

/**
 * `station/activate`; `Language` is the app's language now, so a player who switched it in the
 * menu hears the next station in it (without it: the language chosen at sign-up).
 */
export const activateRequest = stationRequest.extend({
  Language: languageSchema.optional(),
  Position: positionSchema.optional(),
});
export type ActivateRequest = z.infer<typeof activateRequest>;

/** `station/code`: the code of a station's QR link (`/webapp/s/{code}`). */
export const stationCodeRequest = z.object({
  Code: requestText().min(1).max(100),
  Hash: hash,
  Language: languageSchema.optional(),
  /** Needed only for a `near` station: its code opens it at its place alone. */
  Position: positionSchema.optional(),
});
export type StationCodeRequest = z.infer<typeof stationCodeRequest>;
/** The station the code opens (activated, or revealed when it is secret). */
export const stationCodeResponse = z.object({ value: z.object({ StationID: z.number().int() }) });
export type StationCodeResponse = z.infer<typeof stationCodeResponse>;

/**
 * `team/position`: a team member shares the device's position with the team (`Share: true`
 * with `Position`), or stops sharing (`Share: false`). The server keeps it in memory only and
 * forgets it two minutes after the last update.
 */
export const teamPositionRequest = z
  .object({ Hash: hash, Share: requestBoolean(), Position: positionSchema.optional() })
  .refine((body) => !body.Share || body.Position !== undefined, {
    message: "Position is required while sharing",
    path: ["Position"],
  });
export type TeamPositionRequest = z.infer<typeof teamPositionRequest>;

/** Seconds a shared position stays on the teammates' maps without an update. */
export const TEAM_POSITION_TTL_S = 120;

/**
 * The most of a device's reported accuracy, in metres, that counts in the player's favour
 * when a `near` station checks the distance (the server's refusal and the app's arrival).
 */
export const NEAR_ACCURACY_ALLOWANCE_M = 50;

export const outroRequest = z.object({ Skip: requestBoolean(), Hash: hash });
export type OutroRequest = z.infer<typeof outroRequest>;

export const answerRequest = z.object({
  StationID: stationIdSchema,
  Answer: requestText({ lines: true }).trim().min(1).max(500),
  Hash: hash,
});
export type AnswerRequest = z.infer<typeof answerRequest>;

export const buttonRequest = z.object({
  StationID: stationIdSchema,
  /** The `Target` of the chosen `webbutton` event. */
  Button: requestText().trim().min(1).max(200),
  Hash: hash,
});
export type ButtonRequest = z.infer<typeof buttonRequest>;

export const mediumProgressRequest = z.object({
  StationID: stationIdSchema,
  Hash: hash,
  ContentRef: requestText().min(1).max(1000),
  ProgressRatio: requestNumber(z.number().min(0).max(1)),
});
export type MediumProgressRequest = z.infer<typeof mediumProgressRequest>;

/** The seen ratio of an audio or video whose message has no `SeenRatio`. */
export const defaultSeenRatio = 0.9;

export const teamInviteRequest = z.object({ Hash: hash });
export type TeamInviteRequest = z.infer<typeof teamInviteRequest>;
/** The invitation code to type or to put in a link (`tjr`): 8 characters, case-insensitive. */
export const teamInviteResponse = z.object({ value: z.string().min(1) });
export const teamJoinQuery = z.object({ hash, tjr: requestText().trim().min(1).max(100) });
export type TeamJoinQuery = z.infer<typeof teamJoinQuery>;

/** Game calls answer `{ value: "ok" }` on success. */
export const okResponse = z.object({ value: z.literal("ok") });
export type OkResponse = z.infer<typeof okResponse>;

/** `GET events` query: the token, and optionally the last event id seen. */
export const eventsQuery = z.object({
  hash,
  lasteventid: requestText().optional(),
  /**
   * The highest id of the operators' news the app holds: the opening `news` event then carries
   * only newer items and the ids of the older ones to keep. Absent: the whole list.
   */
  newsafter: requestText().optional(),
});
export type EventsQuery = z.infer<typeof eventsQuery>;

/** A last event id is a non-negative integer; anything else is answered 406. */
export const lastEventIdSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

/**
 * `player/medium/progress` answers with what the server keeps of that medium: the furthest ratio
 * reported so far and whether it passed the medium's seen ratio (decisions/009-media-progress.md).
 */
export const mediumProgressResponse = z.object({
  value: z.object({
    ContentRef: z.string(),
    ProgressRatio: z.number().min(0).max(1),
    Seen: z.boolean(),
  }),
});
export type MediumProgressResponse = z.infer<typeof mediumProgressResponse>;

/** `GET scoreboard`: the token; see docs/decisions/007-scoreboard.md. */
export const scoreboardQuery = z.object({ hash });
export type ScoreboardQuery = z.infer<typeof scoreboardQuery>;

/** One row of the scoreboard: a player on their own or a team. */
export const scoreboardEntrySchema = z.object({
  /** 1 for the most points; equal points share a rank (1, 2, 2, 4). */
  rank: z.number().int().positive(),
  /** A first name, "Lena & Team", or a generated name such as "Wanderer 4821". */
  name: z.string(),
  points: z.number().int().nonnegative(),
  /** Finished stations. */
  stations: z.number().int().nonnegative(),
  /** The caller's own row (their team's, for a team member). */
  isYou: z.boolean(),
});
export type ScoreboardEntry = z.infer<typeof scoreboardEntrySchema>;

/** The best 50 (who finished at least one station), and the caller's own row in any case. */
export const scoreboardResponse = z.object({
  value: z.object({ entries: z.array(scoreboardEntrySchema), you: scoreboardEntrySchema }),
});
export type ScoreboardResponse = z.infer<typeof scoreboardResponse>;

/**
 * `POST /api/client/errors`: what broke in the app (a screen's or a player's code that did not
 * load, a screen that failed to render, an audio or video player that failed), for the
 * operators' log. The app's path only: no query, no token.
 */
export const clientErrorKinds = ["chunk", "render", "media"] as const;
export const clientErrorReport = z.object({
  kind: z.enum(clientErrorKinds),
  message: requestText({ lines: true }).max(1000),
  path: requestText().max(300),
});
export type ClientErrorReport = z.infer<typeof clientErrorReport>;

/** An event id of a stream, as the app holds it. */
const eventIdSchema = z.number().int().nonnegative().max(MAX_ID);

/**
 * What a player has read and seen of their stream's game, kept with the account so that it
 * outlives a sign-out and counts on every device: per station the event id up to which every
 * message is read, the newest recommendation (`News`) and operators' news (`OperatorNews`) home
 * has shown, the stories opened and the points total the points page showed last. Each only
 * grows: the server keeps the larger of what it has and what it is sent.
 */
export const readMarksSchema = z.object({
  Stations: z
    .record(z.string().regex(/^[1-9]\d{0,9}$/, "expected a station id"), eventIdSchema)
    .refine((stations) => Object.keys(stations).length <= 1000, "at most 1000 stations"),
  News: eventIdSchema.nullable(),
  OperatorNews: z.number().int().positive().max(MAX_ID).nullable(),
  Stories: z.array(z.number().int().positive().max(MAX_ID)).max(1000),
  Points: z.number().int().nonnegative().max(1_000_000_000),
});
export type ReadMarksValue = z.infer<typeof readMarksSchema>;

/** `GET player/read`: the token. */
export const readMarksQuery = z.object({ hash });
export type ReadMarksQuery = z.infer<typeof readMarksQuery>;

/** `PUT player/read`: what this device has read; the answer is what the account has now. */
export const readMarksRequest = z.object({ Hash: hash, Read: readMarksSchema });
export type ReadMarksRequest = z.infer<typeof readMarksRequest>;

/** Both calls answer with the account's marks for the stream it plays on now. */
export const readMarksResponse = z.object({ value: readMarksSchema });
export type ReadMarksResponse = z.infer<typeof readMarksResponse>;
