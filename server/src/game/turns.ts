import type { Clock } from "../clock";
import { ParticipantChanged } from "../errors";
import type { EventBus } from "../events/bus";
import { appendEvents } from "../events/event-log";
import type { EventDraft } from "../events/event-log";
import type { Repositories, Store } from "../store/store";
import { KeyedQueue } from "./keyed-queue";

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

export type TurnsDeps = {
  store: Store;
  clock: Clock;
  bus: EventBus;
  /** Called after commit with the earliest due time the turn scheduled. */
  onScheduled: (dueAt: Date) => void;
  /** Called after commit when a station finished. */
  onScored: () => void;
};

/**
 * Runs the game's work on one participant's stream: serialised per stream (an in-process queue,
 * and across instances the stream's row lock), in one transaction that also logs the turn's
 * events, and after commit wakes the stream's open connections, the scheduler and the
 * scoreboard as needed.
 */
export class Turns {
  private readonly queue = new KeyedQueue();

  constructor(private readonly deps: TurnsDeps) {}

  /** ParticipantChanged (409) when the stream no longer exists. */
  async run<T>(stream: string, work: (turn: Turn) => Promise<T>): Promise<T> {
    const { store, clock, bus } = this.deps;
    const [turn, result, rows] = await this.queue.run(stream, () =>
      store.transaction(async (repos) => {
        // Locks the stream: a turn of it on another instance waits for this one to commit.
        if ((await repos.streams.lock([stream])).length === 0) {
          throw new ParticipantChanged();
        }
        const turn: Turn = { repos, stream, at: clock.now().toISOString(), events: [] };
        const result = await work(turn);
        const rows =
          turn.events.length > 0 ? await appendEvents(repos, stream, turn.events, turn.at) : [];
        return [turn, result, rows] as const;
      }),
    );
    if (rows.length > 0) bus.publish(stream, rows);
    if (turn.wakeAt !== undefined) this.deps.onScheduled(new Date(turn.wakeAt));
    if (turn.scored) this.deps.onScored();
    return result;
  }
}

/** Records that the turn scheduled something due at `dueAt`. */
export function noteScheduled(turn: Turn, dueAt: string): void {
  if (turn.wakeAt === undefined || dueAt < turn.wakeAt) turn.wakeAt = dueAt;
}
