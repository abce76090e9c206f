import type { Clock } from "../clock";

export type RateLimit = { limit: number; windowMs: number };

/** Anyone can make up new keys (phone numbers, addresses), so the memory they take is bounded. */
const MAX_KEYS = 100_000;

/**
 * At most `limit` hits per key within any `windowMs` (a sliding window over the hits' times).
 * Kept in memory: a restart forgets the counts, which only gives an attacker one fresh window.
 */
export class RateLimiter {
  /** key -> times of its hits within the window, oldest first; insertion order is age order. */
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly rule: RateLimit,
    private readonly clock: Clock,
  ) {}

  /** Milliseconds until `key` may be hit again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const now = this.clock.now().getTime();
    const times = this.recent(key, now);
    if (times.length < this.rule.limit) return 0;
    const oldest = times[times.length - this.rule.limit] ?? now;
    return oldest + this.rule.windowMs - now;
  }

  hit(key: string): void {
    const now = this.clock.now().getTime();
    const times = this.recent(key, now);
    times.push(now);
    // Older hits than the last `limit` can never decide anything again.
    if (times.length > this.rule.limit) times.splice(0, times.length - this.rule.limit);
    this.hits.delete(key);
    this.hits.set(key, times);
    this.forgetStale(now);
  }

  /** Forgets the key's hits (a successful login clears its failures). */
  reset(key: string): void {
    this.hits.delete(key);
  }

  private recent(key: string, now: number): number[] {
    const times = this.hits.get(key) ?? [];
    const start = times.findIndex((time) => time > now - this.rule.windowMs);
    return start === -1 ? [] : times.slice(start);
  }

  /**
   * Drops the keys whose last hit left the window (they sit at the front: every hit moves its
   * key to the end), and the oldest live keys while there are too many.
   */
  private forgetStale(now: number): void {
    for (const [key, times] of this.hits) {
      const live = (times[times.length - 1] ?? 0) > now - this.rule.windowMs;
      if (live && this.hits.size <= MAX_KEYS) return;
      this.hits.delete(key);
    }
  }
}
