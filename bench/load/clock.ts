/**
 * One clock for the orchestrator and every worker: `performance.timeOrigin + performance.now()`,
 * milliseconds since the epoch with sub-millisecond resolution. Each process's origin is the
 * wall clock at its start, and its `now()` the monotonic clock since then, so readings of
 * different processes on one machine compare to well under a millisecond (the broadcast
 * scenario checks it over IPC and prints the offset).
 */
import { performance } from "node:perf_hooks";

/** Now, on the clock every process of the run shares (ms since the epoch). */
export function sharedNow(): number {
  return performance.timeOrigin + performance.now();
}

/** A reading of `performance.now()` of this process on the shared clock. */
export function shared(at: number): number {
  return performance.timeOrigin + at;
}
