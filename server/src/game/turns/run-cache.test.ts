import { describe, expect, it } from "vitest";
import type { RunAccess, RunState } from "../../store/run-store";
import { RunCache } from "./run-cache";

/** A store that answers every stream at station 1 and counts its reads. */
function countingRuns() {
  const reads: string[] = [];
  const runs: RunAccess = {
    load: (stream) => {
      reads.push(stream);
      const state: RunState = { version: 1, lastSeq: 0, currentStation: 1 };
      return Promise.resolve(state);
    },
    commit: () => Promise.resolve(true),
  };
  return { runs, reads };
}

describe("the run cache", () => {
  it("answers a stream it holds without a read, for the station it holds", async () => {
    const { runs, reads } = countingRuns();
    const cached = new RunCache().over(runs);
    await cached.load("player:1", 1);
    await cached.load("player:1", 1);
    expect(reads).toEqual(["player:1"]);
    await cached.load("player:1", 2);
    expect(reads).toEqual(["player:1", "player:1"]);
  });

  it("reads a forgotten stream again", async () => {
    const { runs, reads } = countingRuns();
    const cache = new RunCache();
    const cached = cache.over(runs);
    await cached.load("player:1", 1);
    cache.forget("player:1");
    await cached.load("player:1", 1);
    expect(reads).toEqual(["player:1", "player:1"]);
  });

  it("keeps the 20,000 streams used last", async () => {
    const { runs, reads } = countingRuns();
    const cached = new RunCache().over(runs);
    for (let i = 0; i < 20_000; i++) await cached.load(`player:${i}`, 1);
    // Used again, player:0 goes to the back of the line: player:1 makes room for a new stream.
    await cached.load("player:0", 1);
    await cached.load("player:new", 1);
    reads.length = 0;
    await cached.load("player:0", 1);
    await cached.load("player:2", 1);
    await cached.load("player:1", 1);
    expect(reads).toEqual(["player:1"]);
  });
});
