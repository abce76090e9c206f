import { performance } from "node:perf_hooks";
import type { Clock } from "../clock";
import { ParticipantChanged } from "../errors";
import type { EventBus } from "../events/bus";
import { appendEvents } from "../events/event-log";
import type { EventDraft } from "../events/event-log";
import type { RunAccess, RunWrite } from "../store/run-store";
import type { Repositories, Store } from "../store/store";
import { KeyedQueue } from "../participants/keyed-queue";
import { RunCache } from "./run-cache";

/** One call's work inside its transaction: the repositories, the time, what it leaves behind. */
export type Turn = {
  repos: Repositories;
  stream: string;
  /** The call's time, ISO 8601: event timestamps and `updated_at` columns. */
  at: string;
  /** Events to log, in order, when the work is done. */
  events: EventDraft[];
  /** The earliest due time (ISO) of anything the work scheduled; the scheduler learns it. */
  wakeAt?: string;
  /** A station finished: the scoreboard is out of date. */
  scored?: boolean;
};

/** What a turn of the answer path writes, and what follows from it after the commit. */
export type RunOutcome = {
  write: RunWrite;
  /** The earliest due time (ISO) of anything the turn scheduled. */
  wakeAt?: string;
  /** A station finished: the scoreboard is out of date. */
  scored: boolean;
};

export type TurnsDeps = {
  store: Store;
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
    const [turn, result, rows] = await this.queue.run(stream, () =>
      store.transaction(async (repos) => {
        // Locks the stream: a turn of it on another instance waits for this one to commit.
        if (!(await repos.streams.claim(stream))) throw new ParticipantChanged();
        // This turn changes the stream in ways the answer path's cache does not know.
        this.cache.forget(stream);
        const turn: Turn = { repos, stream, at: clock.now().toISOString(), events: [] };
        const result = await work(turn);
        const rows =
          turn.events.length > 0 ? await appendEvents(repos, stream, turn.events, turn.at) : [];
        return [turn, result, rows] as const;
      }),
    );
    this.deps.onTurn?.((performance.now() - start) / 1000, rows.length);
    if (rows.length > 0) bus.publish(stream, rows);
    if (turn.wakeAt !== undefined) this.deps.onScheduled(new Date(turn.wakeAt));
    if (turn.scored) this.deps.onScored();
    return result;
  }

  /**
   * The answer path (decisions/012-live-path.md): `work` reads the stream's state itself,
   * without a lock, and returns what to write; the write happens only if no other turn changed
   * the stream since (store/run-store.ts), else `work` runs once more with the stream locked.
   * Serialised per stream with `run`.
   */
  step(stream: string, work: (at: string, runs: RunAccess) => Promise<RunOutcome>): Promise<void> {
    const { store, clock } = this.deps;
    const start = performance.now();
    return this.queue.run(stream, async () => {
      const first = await work(clock.now().toISOString(), this.cache.over(store.runs));
      if (await store.runs.commit(first.write)) {
        this.cache.wrote(first.write);
        return this.committed(stream, first, start);
      }
      this.cache.forget(stream);
      // Another turn of the stream came in between: this time with the stream locked.
      const second = await store.runs.exclusive(stream, async (runs) => {
        const outcome = await work(clock.now().toISOString(), runs);
        if (!(await runs.commit(outcome.write)))
          throw new Error(`stream ${stream} changed under its lock`);
        return outcome;
      });
      this.committed(stream, second, start);
    });
  }

  /** Hands a committed outcome's events to the streams, and tells the scheduler and scores. */
  private committed(stream: string, outcome: RunOutcome, start: number): void {
    const { events } = outcome.write;
    this.deps.onTurn?.((performance.now() - start) / 1000, events.length);
    if (events.length > 0) {
      this.deps.bus.publish(
        stream,
        events.map(({ seq, type, payload }) => ({ seq, type, payload })),
      );
    }
    if (outcome.wakeAt !== undefined) this.deps.onScheduled(new Date(outcome.wakeAt));
    if (outcome.scored) this.deps.onScored();
  }
}

/** Records that the turn scheduled something due at `dueAt`. */
export function noteScheduled(turn: Turn, dueAt: string): void {
  if (turn.wakeAt === undefined || dueAt < turn.wakeAt) turn.wakeAt = dueAt;
}
