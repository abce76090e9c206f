import { z } from "zod";
import { passwordSchema } from "./account";
import { mapContentSchema } from "./config";
import { opsSubmissionsSummary } from "./missions";
import { MAX_ID } from "./game";
import { languages } from "./languages";
import { requestText } from "./text";
import { opsStuck } from "./ops-game-master";
import { opsInboxSummary } from "./organisers";

/** Calls of the operator console, mounted at `/api/ops/` (docs/security.md#operators). */

/**
 * An operator's name as `npm run operator -- add NAME` takes it: lowercase letters, digits,
 * `.`, `_` and `-`, starting with a letter or digit, at most 40 characters.
 */
export const operatorName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,39}$/, "expected 1-40 lowercase letters, digits, . _ -");

/** `POST /api/ops/session`: signs the console in; the answer sets the session cookie. */
export const opsSessionRequest = z.object({
  /** Any letter case: names are stored in lowercase. */
  name: requestText().trim().min(1).max(40),
  /** Trimmed, as a new password is (`opsPasswordRequest`): what was set signs in. */
  password: requestText().trim().min(1).max(200),
});
export type OpsSessionRequest = z.infer<typeof opsSessionRequest>;

/** How a call proved it is an operator's: the console's cookie, or `OPERATOR_TOKEN`. */
export const opsAuthKinds = ["session", "token"] as const;
export type OpsAuthKind = (typeof opsAuthKinds)[number];

/** `GET /api/ops/me` and the answer of `POST /api/ops/session`. */
/**
 * What an operator may do besides looking (docs/security.md#operators): `author` makes the
 * game (imports, publishes, rolls back, reloads the pack; the drafts and the versions' zips and
 * changes), `host` runs it (news, cancelling a player's station, judging, the player list and
 * the export of the players' data); either reads the audit log and prints the QR posters. An
 * operator with neither is a viewer: the overview, the live map and activity, the news.
 */
export const opsRoles = ["author", "host"] as const;
export type OpsRole = (typeof opsRoles)[number];

export const opsMe = z.object({
  /** The signed-in operator; null for a call with `OPERATOR_TOKEN`. */
  name: z.string().nullable(),
  /** What the operator may do in this game besides looking; OPERATOR_TOKEN may do everything. */
  roles: z.array(z.enum(opsRoles)).default([...opsRoles]),
  /** The operator sees this game (a viewer at least); false: the console chooses another. */
  member: z.boolean().default(true),
  /** The installation's admin: creates and archives games and manages the operators. */
  admin: z.boolean().default(false),
  via: z.enum(opsAuthKinds),
  /** When the cookie session ends (ISO 8601); absent for the token. */
  expiresAt: z.string().optional(),
  /**
   * True while the operator signs in with a one-time password of the command line: every call
   * but `me`, the sign-out and `PUT password` answers 403 `password change required`.
   */
  passwordChangeRequired: z.literal(true).optional(),
});
export type OpsMe = z.infer<typeof opsMe>;

/**
 * `PUT /api/ops/password`: a signed-in operator's new password, proven with the current one;
 * the players' rules (at least 6 characters, none of the common ones). Answers the new OpsMe;
 * the operator's other sessions end.
 */
export const opsPasswordRequest = z.object({
  current: requestText().min(1).max(200),
  password: passwordSchema,
});
export type OpsPasswordRequest = z.infer<typeof opsPasswordRequest>;

/** Who wrote an audit entry: an operator's session, the token, or the command line. */
export const auditActorKinds = ["session", "token", "cli"] as const;
export type AuditActorKind = (typeof auditActorKinds)[number];

/** One state-changing operator call: who, what, when, and a short detail without secrets. */
export const auditEntry = z.object({
  id: z.number().int(),
  /** ISO 8601. */
  at: z.string(),
  via: z.enum(auditActorKinds),
  /** The operator's name; null for the token and the command line. */
  operator: z.string().nullable(),
  /** `signin`, `signout`, `operator.add`, `operator.remove`, ... */
  action: z.string(),
  detail: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** `GET /api/ops/audit?before=&limit=`: newest first; `before` pages on (an entry's id). */
export const auditQuery = z.object({
  before: z.coerce.number().int().min(1).max(MAX_ID).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuery>;

export const auditPage = z.object({
  entries: z.array(auditEntry),
  /** The `before` of the next page; absent on the last one. */
  next: z.number().int().optional(),
});
export type AuditPage = z.infer<typeof auditPage>;

const count = z.number().int().min(0);
const id = z.number().int().positive();
/** An id in a path or query: a positive integer as text, within the database's integer. */
const idText = z.coerce.number().int().min(1).max(MAX_ID);

/** One station in the overview's funnel. */
export const opsStationStats = z.object({
  id,
  /** The station's folder name. */
  name: z.string(),
  /** Its title in the pack's first language. */
  title: z.string(),
  /** Participants (players or teams) that ever started it. */
  activated: count,
  /** Running, with an input or a message in the last 30 minutes. */
  running: count,
  /** Running, but quiet for longer than that: the app was closed, or the player left. */
  idle: count,
  done: count,
  /** Participants who cancelled it, each once, also when they started it again. */
  cancelled: count,
  /** Mean seconds from the (last) start to done; null before anyone finished. */
  averageSecondsToDone: z.number().nullable(),
  /** Answers the script refused, and hints taken (the players' and the hosts'), over every run. */
  wrongAnswers: count,
  hintsUsed: count,
  /** The most points the station awards. */
  maxPoints: count,
});
export type OpsStationStats = z.infer<typeof opsStationStats>;

export const opsStoryStats = z.object({ id, title: z.string(), opened: count });
export type OpsStoryStats = z.infer<typeof opsStoryStats>;

/** One server process of the deployment, as the others heard of it in the last 30 s. */
export const opsInstance = z.object({
  id: z.string(),
  /** The machine's host name. */
  host: z.string(),
  /** ISO 8601. */
  startedAt: z.string(),
  streams: count,
  /** Players with a stream open on this instance. */
  players: count,
  /** The version (a hash) of the content pack it runs. */
  version: z.string(),
  /** Its last content reload (ISO 8601; refused with `problems`); null: none since its start. */
  reload: z.object({ at: z.string(), ok: z.boolean(), problems: count }).nullable(),
});
export type OpsInstance = z.infer<typeof opsInstance>;

/** `GET /api/ops/overview`, and the `overview` event of `GET /api/ops/live`. */
export const opsOverview = z.object({
  /** ISO 8601: when the figures were taken. */
  at: z.string(),
  players: z.object({
    /** Every account, anonymous ones included. */
    total: count,
    /** Accounts with a confirmed phone number. */
    registered: count,
    /** Players with an event stream open now (on any instance). */
    online: count,
  }),
  teams: count,
  /** Event streams open now (a player may hold several). */
  streams: count,
  stations: z.array(opsStationStats),
  stories: z.array(opsStoryStats),
  /** The deployment's instances, the oldest first. */
  instances: z.array(opsInstance),
  stuck: opsStuck,
});
export type OpsOverview = z.infer<typeof opsOverview>;

/** `GET /api/ops/players?q=&limit=&offset=`: the name, team or id contains `q`. */
export const opsPlayersQuery = z.object({
  q: requestText().trim().max(100).default(""),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type OpsPlayersQuery = z.infer<typeof opsPlayersQuery>;

export const opsPlayer = z.object({
  id,
  /** What the scoreboard shows: the first name, or a generated name for an anonymous player. */
  name: z.string(),
  /** The last two digits only (`+•• ••• •••• 67`); null for an anonymous player. */
  phone: z.string().nullable(),
  team: z.object({ id, name: z.string() }).nullable(),
  /** The station the player (or the team) runs now. */
  currentStation: z.object({ id, title: z.string() }).nullable(),
  points: count,
  stationsDone: count,
  /** ISO 8601: the last time a stream of the player opened or closed; null if never. */
  lastSeen: z.string().nullable(),
  /** A stream of the player is open now (on any instance). */
  online: z.boolean(),
});
export type OpsPlayer = z.infer<typeof opsPlayer>;

export const opsPlayersPage = z.object({
  players: z.array(opsPlayer),
  /** Players matching `q`, over every page. */
  total: count,
});
export type OpsPlayersPage = z.infer<typeof opsPlayersPage>;

/** The body of the calls that take none (cancel, reload): `{}`. */
export const opsEmptyRequest = z.object({});

/** `POST /api/ops/players/{playerId}/stations/{stationId}/cancel`. */
export const opsCancelParams = z.object({ playerId: idText, stationId: idText });

/** `POST /api/ops/news`: German and English at least, `de-formal` optional. */
export const opsNewsRequest = z.object({
  text: z
    .object({
      de: requestText({ lines: true }).trim().min(1).max(1000),
      en: requestText({ lines: true }).trim().min(1).max(1000),
      "de-formal": requestText({ lines: true }).trim().min(1).max(1000).optional(),
    })
    .strict(),
  /** A station of the pack the news links to. */
  stationId: id.max(MAX_ID).optional(),
  /** Pushed to every subscribed device and shown over every screen of the open app. */
  urgent: z.boolean().optional(),
});
export type OpsNewsRequest = z.infer<typeof opsNewsRequest>;

/** A news item as the console lists it. */
export const opsNews = z.object({
  id,
  /** ISO 8601. */
  at: z.string(),
  text: z.partialRecord(z.enum(languages), z.string()),
  stationId: id.nullable(),
  /** Who sent it: the operator's name, null for OPERATOR_TOKEN. */
  operator: z.string().nullable(),
  /** ISO 8601 when withdrawn; withdrawn news reach no player any more. */
  withdrawnAt: z.string().nullable(),
  urgent: z.boolean(),
});
export type OpsNews = z.infer<typeof opsNews>;

/** `GET /api/ops/news`: every item, newest first. */
export const opsNewsList = z.object({ news: z.array(opsNews) });
export type OpsNewsList = z.infer<typeof opsNewsList>;

/** `GET /api/ops/news/audience`: whom news reach, every player, by the language they play in. */
export const opsNewsAudience = z.object({
  players: count,
  byLanguage: z.object({ de: count, "de-formal": count, en: count }),
});
export type OpsNewsAudience = z.infer<typeof opsNewsAudience>;

/** `DELETE /api/ops/news/{id}`. */
export const opsNewsParams = z.object({ id: idText });

/** The field separators the export offers: comma (English spreadsheets), semicolon (German), tab. */
export const exportSeparators = ["comma", "semicolon", "tab"] as const;
export type ExportSeparator = (typeof exportSeparators)[number];

/** The export's tables: one row per player, or one per player and station with the answers. */
export const exportTables = ["players", "stations"] as const;
export type ExportTable = (typeof exportTables)[number];

/** True for an IANA time zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * `GET /api/ops/export.csv?table=&separator=&timeZone=`: CSV (RFC 4180, UTF-8 with a byte order
 * mark), times as `yyyy-mm-dd hh:mm:ss` in `timeZone`, which the column headers name.
 */
export const opsExportQuery = z.object({
  table: z.enum(exportTables).default("players"),
  separator: z.enum(exportSeparators).default("comma"),
  timeZone: requestText()
    .max(64)
    .refine(isTimeZone, "expected a time zone such as Europe/Berlin")
    .default("UTC"),
});
export type OpsExportQuery = z.infer<typeof opsExportQuery>;

/** `GET /api/ops/submissions/export.zip`: the index's separator and time zone. */
export const opsSubmissionsExportQuery = opsExportQuery.omit({ table: true });
export type OpsSubmissionsExportQuery = z.infer<typeof opsSubmissionsExportQuery>;

/** One problem of a content pack, as `content:check` names it. */
export const contentProblem = z.object({
  file: z.string(),
  line: z.number().int().optional(),
  message: z.string(),
});
export type ContentProblemInfo = z.infer<typeof contentProblem>;

/** `POST /api/ops/content/reload`: 200 with the new version, 422 with the problems. */
export const opsReloadOutcome = z.discriminatedUnion("ok", [
  z.object({
    ok: z.literal(true),
    version: z.string(),
    /** What `content:check` warns of (a missing translation...): the pack runs anyway. */
    warnings: z.array(contentProblem),
  }),
  z.object({ ok: z.literal(false), problems: z.array(contentProblem) }),
]);
export type OpsReloadOutcome = z.infer<typeof opsReloadOutcome>;

/** What happened in the game, for the console's activity feed. */
export const opsActivityKinds = ["activated", "done", "cancelled", "story"] as const;
export const opsActivity = z.object({
  /** ISO 8601. */
  at: z.string(),
  kind: z.enum(opsActivityKinds),
  /** The player's or the team's display name. */
  who: z.string(),
  stationId: id.optional(),
  /** The station's or the story's title (pack's first language). */
  title: z.string(),
  /** `done`: the points reached, of `maxPoints`. */
  points: count.optional(),
  maxPoints: count.optional(),
});
export type OpsActivity = z.infer<typeof opsActivity>;

/** The console's feed when it opens: what happened in the last hour, newest first. */
export const opsRecentActivity = z.object({ activity: z.array(opsActivity) });

/** A team member who shares their position, as the console's map shows them. */
export const opsTeamMember = z.object({
  name: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Metres. */
  accuracy: z.number().optional(),
  /** Seconds since the position came. */
  age: count,
});

/** The teams whose members share their positions (decisions/024), each with those members. */
export const opsTeamPositions = z.object({
  teams: z.array(z.object({ id, name: z.string(), members: z.array(opsTeamMember) })),
});
export type OpsTeamPositions = z.infer<typeof opsTeamPositions>;

/** `GET /api/ops/map`: the pack's base map (null: it has none) and its stations' places. */
export const opsMap = z.object({
  map: mapContentSchema.nullable(),
  /** Where the map's picture lies (`map.image.path` is below it). */
  assetsBase: z.string(),
  stations: z.array(
    z.object({ id, title: z.string(), latitude: z.number(), longitude: z.number() }),
  ),
});
export type OpsMap = z.infer<typeof opsMap>;

/**
 * `GET /api/ops/live`, the console's event stream: `overview` (an OpsOverview) at once and
 * whenever the figures changed (at most every few seconds), `recent` (the last hour's activity)
 * at once, `activity` (an OpsActivity) as it happens, `news` (an OpsNewsList) when news are
 * sent or withdrawn, `teams` (OpsTeamPositions) at once and as shared positions change, `inbox`
 * (OpsInboxSummary) at once and with every message to or from the organisers.
 */
export const opsLiveEvents = {
  overview: opsOverview,
  submissions: opsSubmissionsSummary,
  recent: opsRecentActivity,
  activity: opsActivity,
  news: opsNewsList,
  teams: opsTeamPositions,
  inbox: opsInboxSummary,
} as const;
/** Every console event type with its payload: the typed map of the console's stream. */
export type ConsoleEventMap = {
  [K in keyof typeof opsLiveEvents]: z.infer<(typeof opsLiveEvents)[K]>;
};
export type OpsLiveEventType = keyof ConsoleEventMap;
