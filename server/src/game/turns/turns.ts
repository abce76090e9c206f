import { performance } from "node:perf_hooks";
import type { Clock } from "../../clock";
import { ParticipantChanged } from "../../errors";
import type { EventBus } from "../../events/bus";
import { appendEvents, numberEvents } from "../../events/event-log";
import type { EventDraft, EventLogRepositories } from "../../events/event-log";
import { writeOutcome } from "../../store/outcome-writer";
import type { OutcomeRepositories } from "../../store/outcome-writer";
import type { RunAccess, RunState, RunWrite } from "../../store/run-store";
import type { Repositories, Store, StoreOf } from "../../store/store";
import type { StationRun } from "../../store/station-run-columns";
import type { AgendaEntry, StepOutcome, TurnOutcome } from "../../store/turn-outcome";
import { KeyedQueue } from "../../lib/keyed-queue";
import { RunCache } from "./run-cache";

/**
 * What a turn reads and writes in its transaction: the game's tables, the stream's place in the
 * game and its log, an outcome's rows (store/outcome-writer.ts), and a mission's submission,
 * which the turn hands to missions/ (game-service.ts: `submit`, `judge`).
 */
export type GameRepositories = Pick<
  Repositories,
  | "pointAwards"
  | "stationRuns"
  | "storyStates"
  | "mediaProgress"
  | "scheduled"
  | "participants"
  | "streams"
  | "events"
  | "submissions"
> &
  OutcomeRepositories &
  EventLogRepositories;

/** One call's work inside its transaction: the repositories, the time, what it leaves behind. */
export type Turn = {
  repos: GameRepositories;
  stream: string;
  /** The call's time, ISO 8601: event timestamps and `updated_at` columns. */
  at: string;
  /** Events to log, in order, when the work is done. */
  events: EventDraft[];
  /** The earliest due time (ISO) of anything the work scheduled; the scheduler learns it. */
  wakeAt?: string;
  /** A station finished: the scoreboard is out of date. */
  scored?: boolean;
  /** The stream's version, counted up by this turn. */
  version: number;
  /** The stream's station and its run as the turn leaves them (`write`), for the run cache. */
  settled?: { currentStation: number; run: StationRun };
};

/** What a turn of the station lifecycle does, in the game's values (store/turn-outcome.ts). */
export type GameOutcome = TurnOutcome<EventDraft>;

/** A turn of the answer path: the state it read, and its outcome. */
export type StepTurn = { state: RunState; outcome: StepOutcome<EventDraft> };

/** An outcome written, and the time of its turn. */
export type WrittenTurn = { at: string; outcome: GameOutcome };

export type TurnsDeps = {
  store: StoreOf<GameRepositories> & Pick<Store, "runs">;
  clock: Clock;
  bus: EventBus;
  /** Called after commit with the earliest due time the turn scheduled. */
  onScheduled: (dueAt: Date) => void;
  /** Called after commit when a station finished. */
  onScored: () => void;
  /** Called after each commit: the seconds since the call (queue included), events appended. */
  onTurn?: (seconds: number, events: number) => void;
};

/**
 * Runs the game's work on one participant's stream: serialised per stream (an in-process queue,
 * and across instances the stream's row lock), in one transaction that also logs the turn's
 * events, and after commit wakes the stream's open connections, the scheduler and the
 * scoreboard as needed.
 */
export class Turns {
  private readonly queue = new KeyedQueue();
  /** What the answer path last wrote of each stream (run-cache.ts). */
  private readonly cache = new RunCache();

  constructor(private readonly deps: TurnsDeps) {}

  /** ParticipantChanged (409) when the stream no longer exists. */
  async run<T>(stream: string, work: (turn: Turn) => Promise<T>): Promise<T> {
    const { store, clock, bus } = this.deps;
    const start = performance.now();
    const [turn, result, rows] = await this.queue.run(stream, async () => {
      const done = await store.transaction(async (repos) => {
        // Locks the stream: a turn of it on another instance waits for this one to commit.
        const version = await repos.streams.claim(stream);
        if (version === undefined) throw new ParticipantChanged();
        // This turn changes the stream in ways the answer path's cache does not know.
        this.cache.forget(stream);
        const turn: Turn = { repos, stream, at: clock.now().toISOString(), events: [], version };
        const result = await work(turn);
        const rows =
          turn.events.length > 0 ? await appendEvents(repos, stream, turn.events, turn.at) : [];
        return [turn, result, rows] as const;
      });
      // A station started: its first answer needs no read.
      const [{ settled, version }, , written] = done;
      const last = written.at(-1);
      if (settled && last) this.cache.settled(stream, { version, lastSeq: last.seq, ...settled });
      return done;
    });
    this.deps.onTurn?.((performance.now() - start) / 1000, rows.length);
    if (rows.length > 0) bus.publish(stream, rows);
    if (turn.wakeAt !== undefined) this.deps.onScheduled(new Date(turn.wakeAt));
    if (turn.scored) this.deps.onScored();
    return result;
  }

  /**
   * A turn of the station lifecycle with the stream locked: `work` reads what it needs and
   * returns the outcome (undefined: nothing changes), which is written in the same transaction
   * (store/outcome-writer.ts). Returns what was written.
   */
  write(
    stream: string,
    work: (turn: Turn) => Promise<GameOutcome | undefined>,
  ): Promise<WrittenTurn | undefined> {
    return this.run(stream, async (turn) => {
      const outcome = await work(turn);
      if (!outcome) return undefined;
      await writeOutcome(turn.repos, stream, turn.at, outcome);
      turn.events.push(...outcome.events);
      const [run, ...others] = outcome.runs;
      const { currentStation } = outcome;
      if (run && others.length === 0 && currentStation === run.stationId) {
        turn.settled = { currentStation, run };
      }
      const wakeAt = earliest(outcome.agenda);
      if (wakeAt !== undefined) noteScheduled(turn, wakeAt);
      if (outcome.scored) turn.scored = true;
      return { at: turn.at, outcome };
    });
  }

  /**
   * The answer path (decisions/012-live-path.md): `work` reads the stream's state itself,
   * without a lock, and returns the outcome; it is written only if no other turn changed the
   * stream since (store/run-store.ts), else `work` runs once more with the stream locked.
   * Serialised per stream with `run`. Returns what was written.
   */
  step(
    stream: string,
    work: (at: string, runs: RunAccess) => Promise<StepTurn>,
  ): Promise<RunWrite> {
    const { store, clock } = this.deps;
    const start = performance.now();
    return this.queue.run(stream, async () => {
      const at = clock.now().toISOString();
      const first = toWrite(stream, at, await work(at, this.cache.over(store.runs)));
      if (await store.runs.commit(first)) {
        this.cache.wrote(first);
        this.committed(first, start);
        return first;
      }
      this.cache.forget(stream);
      // Another turn of the stream came in between: this time with the stream locked.
      const second = await store.runs.exclusive(stream, async (runs) => {
        const at = clock.now().toISOString();
        const write = toWrite(stream, at, await work(at, runs));
        if (!(await runs.commit(write))) throw new Error(`stream ${stream} changed under its lock`);
        return write;
      });
      this.committed(second, start);
      return second;
    });
  }

  /** Hands a committed outcome's events to the streams, and tells the scheduler and scores. */
  private committed({ stream, outcome }: RunWrite, start: number): void {
    const { events } = outcome;
    this.deps.onTurn?.((performance.now() - start) / 1000, events.length);
    if (events.length > 0) {
      this.deps.bus.publish(
        stream,
        events.map(({ seq, type, payload }) => ({ seq, type, payload })),
      );
    }
    const wakeAt = earliest(outcome.agenda);
    if (wakeAt !== undefined) this.deps.onScheduled(new Date(wakeAt));
    if (outcome.scored) this.deps.onScored();
  }
}

/** The write of a step: its events numbered after the stream's last id as the step read it. */
function toWrite(stream: string, at: string, { state, outcome }: StepTurn): RunWrite {
  const events = numberEvents(outcome.events, state.lastSeq);
  const lastSeq = state.lastSeq + events.length;
  return { stream, at, version: state.version, lastSeq, outcome: { ...outcome, events } };
}

/** The earliest due time of the agenda's new rows. */
function earliest(agenda: AgendaEntry[]): string | undefined {
  let dueAt: string | undefined;
  for (const entry of agenda) if (dueAt === undefined || entry.dueAt < dueAt) dueAt = entry.dueAt;
  return dueAt;
}

/** Records that the turn scheduled something due at `dueAt`. */
export function noteScheduled(turn: Turn, dueAt: string): void {
  if (turn.wakeAt === undefined || dueAt < turn.wakeAt) turn.wakeAt = dueAt;
}
