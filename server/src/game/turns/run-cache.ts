import { LRUCache } from "lru-cache";
import type { RunAccess, RunState, RunWrite } from "../../store/run-store";
import type { StationRun } from "../../store/station-run-columns";

/** Streams whose state is kept; the least recently used go first. */
const MAX_STREAMS = 20_000;

/**
 * The state of each stream's current station as this instance last wrote it, so that the next
 * answer needs no read. An entry may be stale (another instance, or a turn of the locked kind,
 * changed the stream): the write of store/run-store.ts then finds the version moved on, and
 * the turn reads afresh. Entries of streams those turns touch are dropped at once.
 */
export class RunCache {
  private readonly entries = new LRUCache<string, { stationId: number; state: RunState }>({
    max: MAX_STREAMS,
  });

  /** Reads through the cache: `runs.load` only for a stream it does not hold. */
  over(runs: RunAccess): RunAccess {
    return {
      load: async (stream, stationId) => {
        const entry = this.entries.peek(stream);
        if (entry?.stationId === stationId) {
          // Used again: to the back of the line.
          this.entries.get(stream);
          return entry.state;
        }
        const state = await runs.load(stream, stationId);
        if (state) this.remember(stream, stationId, state);
        return state;
      },
      commit: (write) => runs.commit(write),
    };
  }

  /** The stream's state after `write`, which went through on top of what the cache held. */
  wrote(write: RunWrite): void {
    const { stream, outcome } = write;
    const [run] = outcome.runs;
    const entry = this.entries.peek(stream);
    if (entry?.stationId !== run.stationId) return this.forget(stream);
    this.remember(stream, run.stationId, {
      version: write.version + 1,
      lastSeq: write.lastSeq,
      currentStation: outcome.currentStation ?? entry.state.currentStation,
      run,
    });
  }

  /** The stream's state after a locked turn that left it at `state.run`'s station. */
  settled(stream: string, state: RunState & { run: StationRun }): void {
    this.remember(stream, state.run.stationId, state);
  }

  forget(stream: string): void {
    this.entries.delete(stream);
  }

  private remember(stream: string, stationId: number, state: RunState): void {
    // A set puts the stream at the back of the line; the least recently used makes room.
    this.entries.set(stream, { stationId, state });
  }
}
