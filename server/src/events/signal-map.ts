import { z } from "zod";

/**
 * The bus signals: news every instance must hear, its sender included, each with the schema of
 * its payload. A module sends one with `bus.broadcast(name, payload)` and acts on one with
 * `bus.on(name, handler)`; other instances check what they hear against these schemas
 * (signal-codec.ts). A new signal is a line here, its sender and its handlers.
 */

const count = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);
/** ms since the epoch. */
const time = count;
const playerId = count;
/** An instance's name (`randomUUID`), also in the presence reports. */
const instance = z.string().regex(/^[\w-]{1,64}$/);

/** The content pack an instance runs, and what its last reload came to (none since start). */
const packState = z.object({
  version: z.string().max(64),
  reload: z.object({ at: time, ok: z.boolean(), problems: count }).optional(),
});

/**
 * What an instance tells the others about itself (operator-views/presence.ts): the players with a stream
 * open on it, its count of streams and its content pack. One report may come in several parts
 * (a notification holds 8,000 bytes), each with the whole head and a share of the players.
 */
const presence = z
  .object({
    instance,
    /** The machine it runs on (its host name), for the operators. */
    host: z.string().max(255),
    startedAt: time,
    /** Counts the instance's reports: a newer one replaces an older. */
    report: count,
    part: count,
    parts: z.number().int().min(1).max(10_000),
    streams: count,
    /** This part's share of the players with a stream open on the instance. */
    players: z.array(z.number().int().min(1).max(Number.MAX_SAFE_INTEGER)),
    pack: packState,
    /** Where the others hand on calls this instance serves alone (a mission's upload). */
    address: z.url().max(2048).optional(),
    /** The name of the folder of its uploads under way, which their ids begin with. */
    uploads: z
      .string()
      .regex(/^[0-9a-f]{16}$/)
      .optional(),
    /**
     * The studio's preview this instance runs (studio/previews.ts) and the address where the
     * others hand on its calls.
     */
    preview: z
      .object({ id: z.string().regex(/^[\w-]{1,64}$/), address: z.url().max(2048) })
      .optional(),
  })
  .refine((report) => report.part < report.parts, "part must be below parts");

/** Something a participant did that the operators' console shows as it happens. */
const activity = z.object({
  kind: z.enum(["activated", "done", "cancelled", "story"]),
  stream: z.string().regex(/^(?:player|team):\d{1,15}$/),
  /** The station's id, or the story's for `story`. */
  id: count,
  /** `done`: the points reached. */
  points: z.number().int().min(0).max(999_999_999),
  at: time,
});

/**
 * A team member shares a position (`shared`) or stops sharing (no `shared`). Every instance
 * keeps the team's shared positions in memory for its own streams of the team.
 */
const position = z.object({
  /** The team's stream. */
  stream: z.string().regex(/^team:\d{1,15}$/),
  playerId,
  shared: z
    .object({
      name: z.string(),
      latitude: z.number(),
      longitude: z.number(),
      accuracy: z.number().optional(),
    })
    .optional(),
});

export const signalSchemas = {
  /** A player plays as another participant now (a team, or deleted): streams end, ranks change. */
  moved: z.object({ playerId }),
  /** A player's account changed (sessions, team, language): cached copies go. */
  account: z.object({ playerId }),
  /** A station was scored: rankings are out of date. */
  scored: z.object({}),
  /** A message falls due `at`: every scheduler arms for it, so it goes out while any one runs. */
  due: z.object({ at: time }),
  /** A host set the game's end: every open stream gets the clock (game/game-clock.ts). */
  clock: z.object({}),
  /** The operators' news changed: every open stream gets what changed in the list. */
  news: z.object({}),
  /** A submission for a mission waits for a host, or was judged: consoles read the queue. */
  submissions: z.object({}),
  /** An instance's report of its open streams, online players and content pack. */
  presence,
  /** A participant started, finished or cancelled a station, or opened a story. */
  activity,
  /** A team member shared a position or stopped sharing. */
  position,
  /**
   * A message to or from the organisers, committed (organisers/): the participant's open
   * streams get it, the consoles read their inbox's figures.
   */
  organisers: z.object({
    stream: z.string().regex(/^(?:player|team):\d{1,15}$/),
    id: count,
    /** The player who wrote it; null: a host did. */
    playerId: playerId.nullable(),
    /** A player's message in a team: the member's name. */
    name: z.string().max(200).nullable(),
    text: z.string().max(1000),
    /** A photo came with it (its links are signed by each instance). */
    photo: z.boolean().optional(),
    at: z.string().max(40),
  }),
  /** Hosts read a conversation with the organisers: consoles read their inbox's figures. */
  inbox: z.object({}),
  /** `instance` released the pack version `version` (its digest): every other one loads it. */
  reload: z.object({ instance, version: z.string().regex(/^[0-9a-f]{64}$/) }),
} as const;

/** Every signal with its payload: the one typed map the bus, its codec and the modules share. */
export type SignalMap = { [K in SignalName]: z.infer<(typeof signalSchemas)[K]> };
export type SignalName = keyof typeof signalSchemas;
export const signalNames = Object.keys(signalSchemas) as SignalName[];

/** A signal as the bus carries it: its name and payload. */
export type Signal<K extends SignalName = SignalName> = { name: K; payload: SignalMap[K] };

export type Presence = SignalMap["presence"];
export type PackState = Presence["pack"];
export type GameActivity = SignalMap["activity"];
export type PositionUpdate = SignalMap["position"];
export type OrganisersSignal = SignalMap["organisers"];

export function isSignalName(name: string): name is SignalName {
  return Object.hasOwn(signalSchemas, name);
}
