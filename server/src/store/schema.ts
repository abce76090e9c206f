import type { Language } from "@wegmarke/protocol";
import type { Generated } from "kysely";
import type {
  BlobChunksTable,
  BlobsTable,
  ErasedFilesTable,
  SubmissionsTable,
} from "./media-tables";
import type {
  PackBlobChunksTable,
  PackBlobsTable,
  PackDraftFilesTable,
  PackDraftsTable,
  PackReleasesTable,
  PackVersionsTable,
} from "./pack-tables";
import type {
  NewsTable,
  OrganiserConversationsTable,
  OrganiserMessagesTable,
  OrganiserPhotosTable,
  OrganiserReadsTable,
} from "./message-tables";
import type { PushSubscriptionsTable, ServerKeysTable } from "./push-tables";
import type { StationRunsTable } from "./station-run-columns";
import type { PointAwardsTable } from "./point-award-table";

/**
 * The tables as TypeScript sees them. Columns are snake_case in the database and camelCase
 * here (Kysely's CamelCasePlugin). Times are ISO 8601 strings and flags are 0/1 integers, so
 * SQLite and PostgreSQL store them alike.
 */
export type Database = {
  games: GamesTable;
  players: PlayersTable;
  sessions: SessionsTable;
  smsCodes: SmsCodesTable;
  passwordResets: PasswordResetsTable;
  teams: TeamsTable;
  teamInvitations: TeamInvitationsTable;
  participants: ParticipantsTable;
  /** Its columns and their encoding: station-run-columns.ts. */
  stationRuns: StationRunsTable;
  streams: StreamsTable;
  eventLog: EventLogTable;
  storyStates: StoryStatesTable;
  mediaProgress: MediaProgressTable;
  scheduledMessages: ScheduledMessagesTable;
  rateHitCounts: RateHitCountsTable;
  operators: OperatorsTable;
  operatorRoles: OperatorRolesTable;
  operatorSessions: OperatorSessionsTable;
  operatorAudit: OperatorAuditTable;
  news: NewsTable;
  readiness: ReadinessTable;
  packBlobs: PackBlobsTable;
  packBlobChunks: PackBlobChunksTable;
  packVersions: PackVersionsTable;
  packReleases: PackReleasesTable;
  packDrafts: PackDraftsTable;
  packDraftFiles: PackDraftFilesTable;
  submissions: SubmissionsTable;
  erasedFiles: ErasedFilesTable;
  blobs: BlobsTable;
  blobChunks: BlobChunksTable;
  serverKeys: ServerKeysTable;
  pushSubscriptions: PushSubscriptionsTable;
  /** What a player has read of the stream they play on: protocol's readMarksSchema as JSON. */
  readMarks: { playerId: number; stream: string; marks: string };
  organiserMessages: OrganiserMessagesTable;
  organiserConversations: OrganiserConversationsTable;
  organiserReads: OrganiserReadsTable;
  organiserPhotos: OrganiserPhotosTable;
  pointAwards: PointAwardsTable;
};

/**
 * A game of the installation (decisions/054): the rows every other row hangs from name it in
 * `gameId` (players, teams, streams, news, submissions, the pack's versions, releases and
 * draft, the operators' audit).
 */
export type GamesTable = {
  id: Generated<number>;
  /** Its short name in its address (`/g/<name>/…`), unique; game 1 is `default`. */
  name: string;
  /** Null: the title of its live pack. */
  title: string | null;
  /** A host name of its own, where it is served at the bare addresses; unique. */
  host: string | null;
  createdAt: string;
  /** When its players could no longer play; its rows go after the retention days. */
  archivedAt: string | null;
  /** The end a host set (ISO 8601); null: its pack's end, if any. */
  endsAt: string | null;
};

/**
 * A player: anonymous (no phone), registered but not yet verified (phone, no password), or
 * registered (phone, password, verifiedAt). Everything personal sits in this row; deleting it
 * deletes the sessions, SMS code and reset links with it.
 */
export type PlayersTable = {
  id: Generated<number>;
  gameId: number;
  storyId: string;
  language: Language;
  /**
   * Registration: anonymous sign-up, or the last code request and then the code's confirmation.
   * The retention sweep counts from here.
   */
  createdAt: string;
  firstName: string | null;
  /** E.164 (accounts/phone.ts), unique among players. */
  phone: string | null;
  /** argon2id PHC string. */
  passwordHash: string | null;
  verifiedAt: string | null;
  /** When the player chose the password; null while it is still the registration code. */
  passwordChosenAt: string | null;
  teamId: number | null;
  /** When a stream of the player last opened or closed (the operators' player list). */
  lastSeenAt: Generated<string | null>;
};

/** One signed-in device: SHA-256 hex of its auth token; the token itself is never stored. */
export type SessionsTable = {
  tokenHash: string;
  playerId: number;
  createdAt: string;
  /** When the device last called, to the hour (null: not since sign-in); idle sessions end. */
  lastUsedAt: string | null;
};

/** The pending registration code of a player (at most one). */
export type SmsCodesTable = {
  playerId: number;
  /** SHA-256 hex of the six digits. */
  codeHash: string;
  expiresAt: string;
  /** Entries so far, each counted before it is checked; `smsCodeMaxTries` use the code up. */
  failedTries: number;
};

/** A password reset link's token, as SHA-256 hex; single use. */
export type PasswordResetsTable = {
  tokenHash: string;
  playerId: number;
  expiresAt: string;
  /** When the link set a password; a used link stays until it expires, to say so. */
  usedAt: string | null;
};

/** Players who play together: one stream (`team:<id>`), one state, one score. */
export type TeamsTable = {
  id: Generated<number>;
  gameId: number;
  createdAt: string;
  /**
   * The player who founded the team, for its scoreboard name. No foreign key: a deleted founder
   * simply has no row to join (player ids are never reused), and the team gets a generated name.
   */
  founderId: number | null;
};

/** An invitation code of a team, as SHA-256 hex of its canonical form; several may join with it. */
export type TeamInvitationsTable = {
  codeHash: string;
  teamId: number;
  expiresAt: string;
};

/** The game state of one participant (a player or a team), keyed by its stream. */
export type ParticipantsTable = {
  stream: string;
  /** 0 when no station is current. */
  currentStation: number;
  /** The story opened last; 0 before any. */
  currentStory: number;
  updatedAt: string;
};

export type StreamsTable = {
  stream: string;
  gameId: number;
  lastSeq: number;
  /** Counts the turns that changed the stream's state (store/run-store.ts). */
  version: Generated<number>;
};

export type EventLogTable = {
  stream: string;
  seq: number;
  type: string;
  stationId: number | null;
  /** The event's data as JSON, sent as is. */
  payload: string;
  createdAt: string;
  retracted: number;
};

/** A story the participant has opened (`story/activate`): it counts as done from then on. */
export type StoryStatesTable = {
  stream: string;
  storyId: number;
  doneAt: string;
};

/** How far the participant played one audio or video a station sent. */
export type MediaProgressTable = {
  stream: string;
  stationId: number;
  contentRef: string;
  /** The furthest ratio reported (0..1); it never goes back. */
  maxRatio: number;
  /** The message's `SeenRatio` (or the default), copied here so no report has to read the log. */
  seenRatio: number;
  /** When `maxRatio` first reached `seenRatio`; null until then. */
  seenAt: string | null;
  updatedAt: string;
};

export type ScheduledKind = "messages" | "reminder";

/**
 * Something to deliver to a stream later: a script's delayed messages (with what the step waits
 * for, when the last of them is due) or a station's idle reminder.
 */
export type ScheduledMessagesTable = {
  id: Generated<number>;
  stream: string;
  stationId: number;
  kind: ScheduledKind;
  /** ISO 8601; the scheduler delivers rows whose time has come, earliest first. */
  dueAt: string;
  /** `messages`: the messages and awaiting as JSON (game/scheduled-plan.ts); `reminder`: null. */
  payload: string | null;
};

/**
 * The hits a rate limit counted of one key at one time (security/rate-limiter.ts), shared by
 * every instance. The key (a phone number, an address, a player) is stored as a hash only.
 */
export type RateHitCountsTable = {
  /** The limit's name, `smsPerPhone` say. */
  rule: string;
  /** SHA-256 hex of the key. */
  keyHash: string;
  /** The hits' time: a limit in the thousands counts its hits in slots, this the slot's end. */
  at: string;
  hits: number;
  /** When the hits leave their window: the retention sweep deletes them then. */
  expiresAt: string;
};

/** An operator of the installation (operator-accounts/): not a player; its games' roles apart. */
export type OperatorsTable = {
  id: Generated<number>;
  /** Lowercase, unique. */
  name: string;
  /** argon2id PHC string. */
  passwordHash: string;
  createdAt: string;
  /**
   * When the operator chose the password in the console; null while it is a one-time password
   * of the command line (`add`, `reset`), which must be changed before anything else.
   */
  passwordChosenAt: string | null;
  /** 1: the installation's admin, who creates and archives games and manages the operators. */
  admin: Generated<number>;
};

/** A game an operator sees, and what they may do there besides looking: `author,host`, or "". */
export type OperatorRolesTable = { operatorId: number; gameId: number; roles: string };

/** A signed-in console: SHA-256 hex of its cookie's token; it ends at `expiresAt`. */
export type OperatorSessionsTable = {
  tokenHash: string;
  operatorId: number;
  createdAt: string;
  expiresAt: string;
};

/** One state-changing operator call (sign-in, sign-out, the command line's add and remove...). */
export type OperatorAuditTable = {
  id: Generated<number>;
  gameId: number;
  at: string;
  /** `session`, `token` or `cli`. */
  via: string;
  /** The operator's name as it was; null for the token and the command line. */
  operator: string | null;
  action: string;
  /** A short text without secrets. */
  detail: string | null;
};

/** The one row `/readyz` rewrites (id 1): the time of the last check that wrote. */
export type ReadinessTable = { id: number; checkedAt: string };
