import { z } from "zod";
import { MAX_ID } from "./game";
import { requestText } from "./text";

/** The game master's calls on one player's game (docs/operations.md, "The game master"). */

/** `/api/ops/players/{playerId}/…`: the player, and their team's game when they are in one. */
export const opsPlayerParams = z.object({
  playerId: z.coerce.number().int().min(1).max(MAX_ID),
});

/** Who speaks a host's line when no character of the station does. */
export const GAME_MASTER_NAME = "Spielleitung";

/**
 * `POST /api/ops/players/{playerId}/lines`: a line the host writes into the running station of
 * the player (their team's, in a team) as `from`, a character of the station or the game master.
 */
export const opsLineRequest = z.object({
  stationId: z.number().int().positive().max(MAX_ID),
  from: requestText().trim().min(1).max(60),
  text: requestText({ lines: true }).trim().min(1).max(1000),
});
export type OpsLineRequest = z.infer<typeof opsLineRequest>;

/**
 * `POST /api/ops/players/{playerId}/hint`: the riddle's next hint in the player's running
 * station, at its cost in points or `free`.
 */
export const opsHintRequest = z.object({
  stationId: z.number().int().positive().max(MAX_ID),
  free: z.boolean(),
});
export type OpsHintRequest = z.infer<typeof opsHintRequest>;

/**
 * `POST /api/ops/players/{playerId}/jump`: the player's running station goes on at `knot` of its
 * script (one of the thread's `station.knots`), whatever it waited for; its later lines go.
 */
export const opsJumpRequest = z.object({
  stationId: z.number().int().positive().max(MAX_ID),
  knot: requestText().trim().min(1).max(200),
});
export type OpsJumpRequest = z.infer<typeof opsJumpRequest>;

/**
 * `POST /api/ops/players/{playerId}/points`: points a host awards the player (their team, in a
 * team), or takes below 0, with the reason the audit log and the player's page keep.
 */
export const opsAwardRequest = z.object({
  points: z
    .number()
    .int()
    .min(-1000)
    .max(1000)
    .refine((points) => points !== 0, "points must not be 0"),
  reason: requestText().trim().min(1).max(200),
});
export type OpsAwardRequest = z.infer<typeof opsAwardRequest>;

/**
 * `POST /api/ops/players/{playerId}/stations/{stationId}/close` and `.../reopen`: why the host
 * closes a station for the player (their team) or opens it again, for the audit log.
 */
export const opsStationAccessRequest = z.object({
  reason: requestText().trim().max(200).optional(),
});
export type OpsStationAccessRequest = z.infer<typeof opsStationAccessRequest>;

/**
 * Where a player (their team) stands with a station they started or a host closed: running,
 * done, left (cancelled: it starts afresh when opened again) or closed by a host.
 */
export const opsRunStates = ["running", "done", "left", "closed"] as const;
export type OpsRunState = (typeof opsRunStates)[number];

/** `POST /api/ops/players/{playerId}/deliver`: the station's next later line, now. */
export const opsDeliverRequest = z.object({
  stationId: z.number().int().positive().max(MAX_ID),
});

/**
 * The one event of `GET /api/ops/players/{playerId}/watch`, `changed`: the chat grew (and once
 * as the watch opens); the page reads it again.
 */
export const opsThreadChanged = z.object({});
export type OpsThreadChanged = z.infer<typeof opsThreadChanged>;

/** One entry of a player's chat as their app shows it. */
export const opsThreadLine = z.object({
  /** The event's id in the player's (or team's) log. */
  id: z.number().int().positive(),
  stationId: z.number().int().positive(),
  /** `user`: the player's answer or tap; else the character's name. */
  from: z.string(),
  /** `text`: a line; `media`: a picture, audio or video (`text` its path); `mission`: a photo,
   * video or voice recording sent for a mission (`text` its kind and state). */
  kind: z.enum(["text", "media", "mission"]),
  text: z.string(),
  /** In a team: the member who answered or sent it. */
  name: z.string().optional(),
  /** ISO 8601. */
  at: z.string(),
});
export type OpsThreadLine = z.infer<typeof opsThreadLine>;

/** What the player's running station waits for. */
export const opsWaits = ["answer", "button", "mission"] as const;
export type OpsWait = (typeof opsWaits)[number];

/** `GET /api/ops/players/{playerId}/thread`: the player's chat and where they are. */
export const opsThread = z.object({
  player: z.object({
    id: z.number().int().positive(),
    name: z.string(),
    team: z.string().nullable(),
  }),
  points: z.number().int().nonnegative(),
  /** The station running now, null when none is. */
  station: z
    .object({
      id: z.number().int().positive(),
      title: z.string(),
      /** What it waits for; null while the character still writes or the station is done. */
      waits: z.enum(opsWaits).nullable(),
      /** Who may speak there: its character, those who spoke in it, the game master. */
      speakers: z.array(z.string()),
      /** The riddle's next hint and its cost, while the station offers one; else null. */
      hint: z.object({ cost: z.number().int().nonnegative() }).nullable(),
      /** Hints the station gave in this run. */
      hintsUsed: z.number().int().nonnegative(),
      /** The knots of its script a host may continue the dialogue at, in the script's order. */
      knots: z.array(z.string()),
    })
    .nullable(),
  /**
   * The script's lines that come later (`#delay`), by station (a finished station's too): how
   * many groups wait, and when the next is due.
   */
  waiting: z.array(
    z.object({
      stationId: z.number().int().positive(),
      count: z.number().int().positive(),
      nextAt: z.string(),
    }),
  ),
  /** Points hosts awarded or took (below 0), oldest first: with the reason, who, and when. */
  awards: z.array(
    z.object({
      points: z.number().int(),
      reason: z.string(),
      by: z.string().nullable(),
      at: z.string(),
    }),
  ),
  /** Every station's title by id, for the thread's headings. */
  titles: z.record(z.string(), z.string()),
  /** By station id, the stations the player started or a host closed; others are untouched. */
  runs: z.record(z.string(), z.enum(opsRunStates)),
  /** Oldest first, the newest 500 at most. */
  lines: z.array(opsThreadLine),
});
export type OpsThread = z.infer<typeof opsThread>;

/** A participant at a running station, as "who is stuck" lists them. */
export const opsStuckEntry = z.object({
  /** The player whose chat the console opens: a member, for a team. */
  playerId: z.number().int().positive(),
  /** The player's name, or the team's. */
  name: z.string(),
  team: z.boolean(),
  stationId: z.number().int().positive(),
  title: z.string(),
  /** ISO 8601: when the station started, and its last step (an answer, a tap, a line). */
  startedAt: z.string(),
  lastStepAt: z.string(),
  /** Typed answers the station did not take since it started. */
  wrongAnswers: z.number().int().nonnegative(),
});
export type OpsStuckEntry = z.infer<typeof opsStuckEntry>;

/**
 * Who may be stuck: those at a running station quiet the longest and those with the most wrong
 * answers there, with the pack's thresholds past which the console marks them.
 */
export const opsStuck = z.object({
  afterMinutes: z.number().int().positive(),
  afterWrongAnswers: z.number().int().positive(),
  participants: z.array(opsStuckEntry),
});
export type OpsStuck = z.infer<typeof opsStuck>;
