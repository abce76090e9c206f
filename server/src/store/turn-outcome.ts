import type { ScheduledKind } from "./schema";
import type { StationRun } from "./station-run-columns";

/** A logged event's row without its stream and time: numbered, its data as JSON. */
export type LoggedEvent = { seq: number; type: string; stationId: number | null; payload: string };

/** A row for the agenda (scheduled_messages), due at `dueAt`. */
export type AgendaEntry = {
  stationId: number;
  kind: ScheduledKind;
  dueAt: string;
  /** `messages`: the delayed group as game/agenda/agenda.ts writes it; `reminder`: null. */
  payload: string | null;
};

/**
 * What one turn of the station lifecycle does to a stream, in the game's values: the runs as
 * the turn leaves them, the current station, the events to log and the agenda's changes. The
 * game builds it, the store writes it: outcome-writer.ts inside a turn's transaction, the
 * answer path's writer of each dialect (run-store.ts) in one go. `E` is the events' form:
 * the game's drafts, or rows once the stream numbered them.
 */
export type TurnOutcome<E = LoggedEvent> = {
  /** Runs as the turn leaves them, whole (a start, a step, a restart, a delivered wait). */
  runs: StationRun[];
  /** The stream's current station after the turn (0: none); absent when it stays. */
  currentStation?: number;
  /**
   * Stations whose running run the turn cancels: it ends, its logged conversation is
   * retracted, its agenda and media progress go.
   */
  cancelled?: number[];
  /** Stations whose run goes entirely (a host reopens one closed before it was started). */
  dropped?: number[];
  /** Stations started afresh: their agenda and media progress go before the new rows come. */
  cleared?: number[];
  /** Stations whose pending reminder goes (the player answered). */
  remindersDropped?: number[];
  /** New rows of the agenda. */
  agenda: AgendaEntry[];
  /** Rows of the agenda the turn delivered. */
  delivered?: number[];
  /** Events to log, in order, after everything else. */
  events: E[];
  /** A station finished: the scoreboard is out of date. */
  scored?: boolean;
};

/**
 * The outcome of an answer or a tap (decisions/012): one run stepped, nothing cancelled,
 * cleared or delivered; the answer path writes it in a single statement.
 */
export type StepOutcome<E = LoggedEvent> = TurnOutcome<E> & {
  runs: [StationRun];
  cancelled?: never;
  dropped?: never;
  cleared?: never;
  delivered?: never;
};
