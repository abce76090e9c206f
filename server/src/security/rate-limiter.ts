import type { Clock } from "../clock";
import type { RateHitRepository, RateKey } from "../store/rate-hit-repository";
import type { Repositories, StoreOf } from "../store/store";

/** The hits counted against the limits. */
export type RateStore = StoreOf<Pick<Repositories, "rateHits">>;

export type RateLimit = { limit: number; windowMs: number };

/**
 * A limit up to this many hits stores each hit at its own time; a larger one (sign-ups per game)
 * counts its hits in `SLOTS` slots of its window, so that a check reads at most that many rows.
 */
const EXACT_UP_TO = 100;
const SLOTS = 100;

/**
 * At most `limit` hits per key within any `windowMs` (a sliding window over the hits' times).
 * The hits live in the database: every instance counts against the same limit, and a restart
 * forgets nothing. An attempt is counted before it is evaluated (`countAttempt`): requests that
 * arrive together cannot all pass the check.
 */
export class RateLimiter {
  constructor(
    /** The limit's name in the database. */
    private readonly rule: string,
    private readonly limits: RateLimit,
    private readonly store: RateStore,
    private readonly clock: Clock,
    /** The stored form of a key: the table holds no readable number or address. */
    private readonly keyHash: (key: string) => string,
  ) {}

  /** Milliseconds until `key` may be hit again at `now`; 0 when it may. */
  async retryAfterMs(
    key: string,
    hits: RateHitRepository = this.store.repos.rateHits,
    now = this.clock.now().getTime(),
  ): Promise<number> {
    const { limit, windowMs } = this.limits;
    const since = new Date(now - windowMs).toISOString();
    // The window is full when its `limit`-th newest hit lies in it; it opens when that one leaves.
    const oldest = await hits.nthNewest(this.rule, this.keyHash(key), since, limit);
    return oldest === undefined ? 0 : Math.max(Date.parse(oldest) + windowMs - now, 0);
  }

  /** Records a hit of `key`, whatever the count (a mark such as a known address). */
  async hit(key: string, hits = this.store.repos.rateHits, now = this.clock.now()): Promise<void> {
    const at = this.hitAt(now);
    await hits.add({
      ...this.stored(key),
      at,
      expiresAt: new Date(Date.parse(at) + this.limits.windowMs).toISOString(),
    });
  }

  /**
   * The stored time of a hit at `now`: its own, or the end of its slot. A slot's hits count
   * until the last of them could leave the window: a limit is never exceeded, and a key waits
   * at most a slot (a hundredth of the window) longer than the hits' own times would make it.
   */
  hitAt(now: Date): string {
    const { limit, windowMs } = this.limits;
    if (limit <= EXACT_UP_TO) return now.toISOString();
    const slot = Math.ceil(windowMs / SLOTS);
    return new Date(Math.ceil(now.getTime() / slot) * slot).toISOString();
  }

  /** True when `key` was hit within the window. */
  async wasHit(key: string): Promise<boolean> {
    return (await this.retryAfterMs(key)) > 0;
  }

  /** Forgets the key's hits (a successful login clears its failures). */
  async reset(key: string): Promise<void> {
    await this.store.repos.rateHits.clear(this.rule, this.keyHash(key));
  }

  /** The key as the table holds it. */
  stored(key: string): RateKey {
    return { rule: this.rule, keyHash: this.keyHash(key) };
  }
}

/** A key of a limit an attempt counts against; `spared`: it counts, but never holds back. */
export type Claim = { limiter: RateLimiter; key: string; spared?: boolean };

/** An attempt counted against its limits; it stays counted unless released. */
export class Attempt {
  constructor(
    private readonly store: RateStore,
    private readonly claims: Claim[],
    /** The time of its hits. */
    private readonly at: Date,
  ) {}

  /** Takes the attempt back from `limiters` (from all when none are named): it failed nothing. */
  async release(...limiters: RateLimiter[]): Promise<void> {
    const released = this.claims.filter(
      (claim) => limiters.length === 0 || limiters.includes(claim.limiter),
    );
    if (released.length === 0) return;
    await this.store.transaction(async (repos) => {
      await repos.rateHits.lock(released.map(({ limiter, key }) => limiter.stored(key)));
      for (const { limiter, key } of released) {
        await repos.rateHits.removeOne(limiter.stored(key), limiter.hitAt(this.at));
      }
    });
  }
}

/**
 * Counts an attempt against every claim in one step, before the attempt is evaluated: one
 * transaction locks the keys, reads their hits and, unless a claim that is not spared is used
 * up, adds a hit to each. Answers the counted attempt, or the milliseconds to wait (and then
 * counts nothing).
 */
export async function countAttempt(
  store: RateStore,
  clock: Clock,
  claims: Claim[],
): Promise<Attempt | { waitMs: number }> {
  const now = clock.now();
  const waitMs = await store.transaction(async (repos) => {
    await repos.rateHits.lock(claims.map(({ limiter, key }) => limiter.stored(key)));
    let wait = 0;
    for (const { limiter, key, spared } of claims) {
      if (spared) continue;
      wait = Math.max(wait, await limiter.retryAfterMs(key, repos.rateHits, now.getTime()));
    }
    if (wait > 0) return wait;
    for (const { limiter, key } of claims) await limiter.hit(key, repos.rateHits, now);
    return 0;
  });
  return waitMs > 0 ? { waitMs } : new Attempt(store, claims, now);
}
