import type { Language } from "@wegmarke/protocol";
import type { LogRow } from "./event-repository";
import type { ScheduledKind, StationRunStatus } from "./schema";

/**
 * The answer path's storage (decisions/012-live-path.md): a turn reads what it needs of a stream
 * in one statement without locking it, steps the dialogue, and writes the outcome in one go,
 * but only while the stream's version is still the one it read. Another turn of the stream in
 * between (on another instance, or one that locked the stream) makes the write a no-op, and
 * the caller starts over. SQLite writes the outcomes of many turns in one transaction (group
 * commit); PostgreSQL writes each in a single statement.
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
  runs: { stationId: number; status: StationRunStatus; points: number }[];
  doneStories: number[];
  backlog: LogRow[];
};

export type RunState = {
  version: number;
  lastSeq: number;
  currentStation: number;
  /** The station's run; undefined when the stream never started it. */
  run?: {
    status: StationRunStatus;
    inkState: string;
    /** The engine's Awaiting as JSON. */
    awaiting: string;
    points: number;
    language: Language;
    /** The version of the script the state comes from; null for runs saved before versions. */
    scriptVersion: string | null;
  };
};

export type RunWrite = {
  stream: string;
  /** The version `load` read. */
  version: number;
  at: string;
  stationId: number;
  run: {
    status: StationRunStatus;
    inkState: string;
    awaiting: string;
    points: number;
    scriptVersion: string;
    /** The answer was a wrong one: the run's count of them grows by one. */
    wrong: boolean;
  };
  /** The station stops being the current one (it is done). */
  leave: boolean;
  /** The stream's new last id: that of the last event. */
  lastSeq: number;
  events: { seq: number; type: string; stationId: number | null; payload: string }[];
  /** The station's pending reminder goes (the player answered). */
  dropReminder: boolean;
  /** New rows of the station's agenda. */
  agenda: { kind: ScheduledKind; dueAt: string; payload: string | null }[];
};

/** A row of LOAD_SQL. */
export type LoadedRow = {
  version: number;
  lastSeq: number;
  currentStation: number;
  status: StationRunStatus | null;
  inkState: string | null;
  awaiting: string | null;
  points: number | null;
  language: Language | null;
  scriptVersion: string | null;
};

export const LOAD_SQL = `select s.version, s.last_seq as "lastSeq", p.current_station as "currentStation",
  r.status, r.ink_state as "inkState", r.awaiting, r.points, r.language,
  r.script_version as "scriptVersion"
from streams s
join participants p on p.stream = s.stream
left join station_runs r on r.stream = s.stream and r.station_id = $2
where s.stream = $1`;

/** SQLite numbers its parameters by position: the station comes first in the text. */
export const SQLITE_LOAD_SQL = LOAD_SQL.replace("$2", "?").replace("$1", "?");

export function toState(row: LoadedRow | undefined): RunState | undefined {
  if (!row) return undefined;
  const { version, lastSeq, currentStation, status, inkState, awaiting, points, language } = row;
  const run =
    status === null || inkState === null || awaiting === null || language === null
      ? undefined
      : {
          status,
          inkState,
          awaiting,
          points: points ?? 0,
          language,
          scriptVersion: row.scriptVersion,
        };
  return { version, lastSeq, currentStation, ...(run && { run }) };
}
