import type { Language } from "@wegmarke/protocol";
import type { Generated } from "kysely";

/**
 * The tables as TypeScript sees them. Columns are snake_case in the database and camelCase
 * here (Kysely's CamelCasePlugin). Times are ISO 8601 strings and flags are 0/1 integers, so
 * SQLite and PostgreSQL store them alike.
 */
export type Database = {
  players: PlayersTable;
  participants: ParticipantsTable;
  stationRuns: StationRunsTable;
  streams: StreamsTable;
  eventLog: EventLogTable;
};

export type PlayersTable = {
  id: Generated<number>;
  /** SHA-256 hex of the player's token; the token itself is never stored. */
  tokenHash: string;
  storyId: string;
  language: Language;
  createdAt: string;
};

/** The game state of one participant (a player now, a team later), keyed by its stream. */
export type ParticipantsTable = {
  stream: string;
  /** 0 when no station is current. */
  currentStation: number;
  updatedAt: string;
};

export type StationRunStatus = "active" | "done" | "cancelled";

export type StationRunsTable = {
  stream: string;
  stationId: number;
  status: StationRunStatus;
  inkState: string;
  /** The engine's Awaiting as JSON. */
  awaiting: string;
  points: number;
  /** The script language the run started in; its saved state only fits that script. */
  language: Language;
  updatedAt: string;
};

export type StreamsTable = {
  stream: string;
  lastSeq: number;
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
