// The rows the operators' figures read (figures-repository.ts).

import type { StationRunStatus } from "./station-run-columns";

/** One station's runs: one per participant that ever started it. */
export type StationFigureRow = {
  stationId: number;
  runs: number;
  /** Running, with an input or message since the time asked for. */
  running: number;
  /** Running, but quiet since before that time. */
  idle: number;
  done: number;
  /** Cancelled at least once (and maybe started again since). */
  cancelled: number;
  wrongAnswers: number;
  hintsUsed: number;
  /** Mean seconds from start to done over the runs that have both times; null for none. */
  averageSecondsToDone: number | null;
};

/** What a participant did and when, as the station runs and story states record it. */
export type RecentActivityRow = {
  kind: "activated" | "done" | "cancelled" | "story";
  stream: string;
  /** The station's id, or the story's. */
  id: number;
  points: number;
  /** ISO 8601. */
  at: string;
};

/** A player as the operators' list and export know them. */
export type PlayerDirectoryRow = {
  id: number;
  firstName: string | null;
  phone: string | null;
  teamId: number | null;
  lastSeenAt: string | null;
};

/** A finished station of a participant, with its times. */
export type DoneRunRow = {
  stream: string;
  stationId: number;
  points: number;
  startedAt: string | null;
  doneAt: string | null;
};

/** A participant's run of a station, finished or not, for the export. */
export type StationRunRow = {
  stream: string;
  stationId: number;
  status: StationRunStatus;
  points: number;
  wrongAnswers: number;
  hintsUsed: number;
  startedAt: string | null;
  doneAt: string | null;
};

/** A logged event of a station that is not retracted: its data as stored (JSON). */
export type StationEventRow = { stream: string; stationId: number; payload: string };

/** A participant at its running station (who may be stuck), with a player of its stream. */
export type RunningRunRow = {
  stream: string;
  stationId: number;
  startedAt: string;
  updatedAt: string;
  wrongAnswers: number;
  /** The stream's player, or a member of its team (the one with the lowest id). */
  playerId: number;
};
