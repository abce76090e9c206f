/**
 * The broadcast scenario's part of a load client (worker.ts): when each news item reached each
 * of its streams, found with a string search on the `news` event.
 */
import { performance } from "node:perf_hooks";
import { shared, sharedNow } from "./clock";
import type { NewsCollectResult, NewsReadyResult } from "./messages";
import { round2 } from "./stats";
import type { Player } from "./worker-player";

/** When one news item arrived on each stream, by player index (NaN: not yet). */
type Arrivals = {
  at: Float64Array;
  count: number;
  duplicates: number;
  /** Its collection has ended: later arrivals are late. */
  reported: boolean;
  /** Characters of the event block that carried it. */
  chars: number;
};

const NEWS_HEAD = '"News":[{"ID":';

export class NewsArrivals {
  /** By news id; an item is known by the first (newest) entry of the list the event carries. */
  private readonly arrivals = new Map<number, Arrivals>();
  private late = 0;
  private lateReported = 0;

  /** `players`: the worker's, by index; `streamsEnded`: how many the server ended so far. */
  constructor(
    private readonly players: Player[],
    private readonly streamsEnded: () => number,
  ) {}

  private arrivalsOf(id: number): Arrivals {
    let item = this.arrivals.get(id);
    if (item === undefined) {
      item = {
        at: new Float64Array(this.players.length).fill(NaN),
        count: 0,
        duplicates: 0,
        reported: false,
        chars: 0,
      };
      this.arrivals.set(id, item);
    }
    return item;
  }

  /**
   * A `news` event: the current list, newest first. Its time is taken first; the id of its first
   * item is read with a string search (the server writes `{"News":[{"ID":12,...`). An empty list
   * (a fresh server's opening event) names no item.
   */
  onNews(player: Player, block: string): void {
    const at = performance.now();
    player.news++;
    const start = block.indexOf(NEWS_HEAD);
    if (start === -1) return;
    const from = start + NEWS_HEAD.length;
    const id = parseInt(block.slice(from, from + 16), 10);
    if (!Number.isSafeInteger(id)) return;
    const item = this.arrivalsOf(id);
    if (item.chars === 0) item.chars = block.length;
    if (player.index >= item.at.length) return;
    if (!Number.isNaN(item.at[player.index])) {
      item.duplicates++;
      return;
    }
    item.at[player.index] = at;
    item.count++;
    if (item.reported) this.late++;
  }

  /**
   * Waits until every open stream has had its opening `news` event (or the time is up). The
   * server writes it with the opening status, in the same chunk, and leaves it out while there
   * are no news: when none has come a second after the streams opened, none is coming.
   */
  async ready(timeoutMs: number): Promise<NewsReadyResult> {
    const started = performance.now();
    for (;;) {
      let open = 0;
      let ready = 0;
      for (const player of this.players) {
        if (!player.open) continue;
        open++;
        if (player.news > 0) ready++;
      }
      const waited = performance.now() - started;
      if (ready === open || (ready === 0 && waited >= 1000) || waited >= timeoutMs) {
        return { open, ready };
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * The arrivals of item `id` on every stream that was opened, once all are in or the shared
   * clock passes `deadline`; latencies from `sentAt` (shared clock, taken by the orchestrator).
   */
  async collect(id: number, sentAt: number, deadline: number): Promise<NewsCollectResult> {
    const item = this.arrivalsOf(id);
    let expected = 0;
    for (const player of this.players) if (player.opened) expected++;
    while (item.count < expected && sharedNow() < deadline) {
      await new Promise((r) => setTimeout(r, 5));
    }
    item.reported = true;
    const latencies: number[] = [];
    for (const player of this.players) {
      if (!player.opened) continue;
      const at = item.at[player.index];
      if (at !== undefined && !Number.isNaN(at)) latencies.push(round2(shared(at) - sentAt));
    }
    const lateNow = this.late;
    const result: NewsCollectResult = {
      expected,
      delivered: latencies.length,
      latencies,
      missing: expected - latencies.length,
      duplicates: item.duplicates,
      late: lateNow - this.lateReported,
      eventChars: item.chars,
      streamsEnded: this.streamsEnded(),
    };
    this.lateReported = lateNow;
    return result;
  }
}
