import type { Clock } from "../clock";
import type { Store } from "../store/store";

export type RateLimit = { limit: number; windowMs: number };

/**
 * At most `limit` hits per key within any `windowMs` (a sliding window over the hits' times).
 * The hits live in the database: every instance counts against the same limit, and a restart
 * forgets nothing. Check and hit are two steps, so instances answering at the same moment may
 * let a hit or two more through; what a limit guards against (guessing, SMS cost) needs many.
 */
export class RateLimiter {
  constructor(
    /** The limit's name in the database. */
    private readonly rule: string,
    private readonly limits: RateLimit,
    private readonly store: Store,
    private readonly clock: Clock,
    /** The stored form of a key: the table holds no readable number or address. */
    private readonly keyHash: (key: string) => string,
  ) {}

  /** Milliseconds until `key` may be hit again; 0 when it may now. */
  async retryAfterMs(key: string): Promise<number> {
    const { limit, windowMs } = this.limits;
    const now = this.clock.now().getTime();
    const since = new Date(now - windowMs).toISOString();
    const newest = await this.store.repos.rateHits.newest(
      this.rule,
      this.keyHash(key),
      since,
      limit,
    );
    const oldest = newest[limit - 1];
    return oldest === undefined ? 0 : Math.max(Date.parse(oldest) + windowMs - now, 0);
  }

  async hit(key: string): Promise<void> {
    const now = this.clock.now();
    await this.store.repos.rateHits.add({
      rule: this.rule,
      keyHash: this.keyHash(key),
      at: now.toISOString(),
      expiresAt: new Date(now.getTime() + this.limits.windowMs).toISOString(),
    });
  }

  /** True when `key` was hit within the window. */
  async wasHit(key: string): Promise<boolean> {
    return (await this.retryAfterMs(key)) > 0;
  }

  /** Forgets the key's hits (a successful login clears its failures). */
  async reset(key: string): Promise<void> {
    await this.store.repos.rateHits.clear(this.rule, this.keyHash(key));
  }
}
