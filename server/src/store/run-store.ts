import type { LogRow } from "./event-repository";
import { RUN_FIELDS, decodeRun, selectColumns } from "./station-run-columns";
import type { RunSummary, StationRun, StoredRun } from "./station-run-columns";
import type { StepOutcome } from "./turn-outcome";

/**
 * The answer path's storage (decisions/012-live-path.md): a turn reads what it needs of a stream
 * in one statement without locking it, steps the dialogue, and writes the outcome in one go,
 * but only while the stream's version is still the one it read. Another turn of the stream in
 * between (on another instance, or one that locked the stream) makes the write a no-op, and
 * the caller starts over. SQLite writes the outcomes of many turns in one transaction (group
 * commit); PostgreSQL writes each in a single statement. Both encode the run with the column
 * map (station-run-columns.ts).
 */
export type RunStore = RunAccess & {
  /**
   * What a stream that opens sends first, read consistently in one go: the participant's state
   * and the logged, unretracted events after `afterSeq`; undefined for no stream.
   */
  snapshot(stream: string, afterSeq: number): Promise<StreamState | undefined>;
  /**
   * Runs `work` with the stream locked, for a turn that lost the race once already: a turn
   * of another instance waits, so this one's write goes through.
   */
  exclusive<T>(stream: string, work: (access: RunAccess) => Promise<T>): Promise<T>;
};

export type RunAccess = {
  /** The stream with its current station and that station's run; undefined for no stream. */
  load(stream: string, stationId: number): Promise<RunState | undefined>;
  /** Writes the outcome; false (and nothing written) when the stream changed since `load`. */
  commit(write: RunWrite): Promise<boolean>;
};

/** A participant's state and its log after an id, as an opening stream needs them. */
export type StreamState = {
  lastSeq: number;
  currentStation: number;
  currentStory: number;
  runs: RunSummary[];
  doneStories: number[];
  /** The points hosts awarded (below 0: took). */
  awarded: number;
  backlog: LogRow[];
};

export type RunState = {
  version: number;
  lastSeq: number;
  currentStation: number;
  /** The station's run; undefined when the stream never started it. */
  run?: StationRun;
};

/** A step's outcome, to be written while the stream is still at the version `load` read. */
export type RunWrite = {
  stream: string;
  at: string;
  /** The version `load` read. */
  version: number;
  /** The stream's new last id: that of the outcome's last event. */
  lastSeq: number;
  outcome: StepOutcome;
};

/** A row of LOAD_SQL: the stream, and its run's columns (all null when it has none). */
export type LoadedRow = { version: number; lastSeq: number; currentStation: number } & {
  [K in keyof StoredRun]: StoredRun[K] | null;
};

export const LOAD_SQL = `select s.version, s.last_seq as "lastSeq", p.current_station as "currentStation",
  ${selectColumns(RUN_FIELDS, "r")}
from streams s
join participants p on p.stream = s.stream
left join station_runs r on r.stream = s.stream and r.station_id = $2
where s.stream = $1`;

/** SQLite numbers its parameters by position: the station comes first in the text. */
export const SQLITE_LOAD_SQL = LOAD_SQL.replace("$2", "?").replace("$1", "?");

export function toState(row: LoadedRow | undefined): RunState | undefined {
  if (!row) return undefined;
  const { version, lastSeq, currentStation } = row;
  // Without a run the left join leaves every column of it null, its key too.
  if (row.stream === null) return { version, lastSeq, currentStation };
  return { version, lastSeq, currentStation, run: decodeRun(row as StoredRun) };
}
