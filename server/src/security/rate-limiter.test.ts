import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore } from "../store/store";
import type { Store } from "../store/store";
import { Attempt, RateLimiter, countAttempt } from "./rate-limiter";

function clockAt(ms: number) {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
}

const HOUR = 60 * 60 * 1000;
/** Keys as stored; the app's is an HMAC (throttle.ts). */
const keyHash = (key: string) => `key:${key}`;

let store: Store;

/** How many hits of `keyHash` the table holds under `rule`. */
async function hitsOf(rule: string, keyHash: string): Promise<number> {
  let n = 0;
  while ((await store.repos.rateHits.nthNewest(rule, keyHash, "", n + 1)) !== undefined) n++;
  return n;
}

beforeEach(async () => {
  store = openStore({ kind: "sqlite", file: ":memory:" });
  await store.migrate();
});

afterEach(() => store.close());

describe("RateLimiter", () => {
  it("allows `limit` hits per key within the window, then says how long to wait", async () => {
    const clock = clockAt(0);
    const limiter = new RateLimiter("test", { limit: 3, windowMs: HOUR }, store, clock, keyHash);
    for (const ms of [0, 1000, 2000]) {
      clock.ms = ms;
      expect(await limiter.retryAfterMs("a")).toBe(0);
      await limiter.hit("a");
    }
    clock.ms = 3000;
    expect(await limiter.retryAfterMs("a")).toBe(HOUR - 3000);
    expect(await limiter.retryAfterMs("b")).toBe(0);
  });

  it("slides: each hit leaves the window on its own", async () => {
    const clock = clockAt(0);
    const limiter = new RateLimiter("test", { limit: 2, windowMs: HOUR }, store, clock, keyHash);
    await limiter.hit("a");
    clock.ms = HOUR / 2;
    await limiter.hit("a");
    clock.ms = HOUR - 1;
    expect(await limiter.retryAfterMs("a")).toBe(1);
    clock.ms = HOUR;
    expect(await limiter.retryAfterMs("a")).toBe(0);
    await limiter.hit("a");
    expect(await limiter.retryAfterMs("a")).toBe(HOUR / 2);
  });

  it("forgets a key on reset, and counts each rule on its own", async () => {
    const clock = clockAt(0);
    const limiter = new RateLimiter("one", { limit: 1, windowMs: HOUR }, store, clock, keyHash);
    const other = new RateLimiter("two", { limit: 1, windowMs: HOUR }, store, clock, keyHash);
    await limiter.hit("a");
    expect(await limiter.retryAfterMs("a")).toBeGreaterThan(0);
    expect(await other.retryAfterMs("a")).toBe(0);
    await limiter.reset("a");
    expect(await limiter.retryAfterMs("a")).toBe(0);
  });

  it("keeps hashes of the keys, not the keys, until the sweep deletes the expired", async () => {
    const clock = clockAt(0);
    const limiter = new RateLimiter("test", { limit: 1, windowMs: HOUR }, store, clock, keyHash);
    await limiter.hit("+491711234567");
    expect(await hitsOf("test", "+491711234567")).toBe(0);
    expect(await hitsOf("test", keyHash("+491711234567"))).toBe(1);
    await store.repos.rateHits.deleteExpired(new Date(HOUR - 1).toISOString());
    expect(await limiter.retryAfterMs("+491711234567")).toBe(HOUR);
    await store.repos.rateHits.deleteExpired(new Date(HOUR).toISOString());
    clock.ms = 1;
    expect(await limiter.retryAfterMs("+491711234567")).toBe(0);
  });
});

describe("a limit in the thousands", () => {
  const limit = 1000;
  const slot = HOUR / 100;

  it("counts its hits in a hundred slots of the window, and the limit holds", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wegmarke-rate-"));
    const file = join(dir, "db.sqlite");
    await store.close();
    store = openStore({ kind: "sqlite", file });
    await store.migrate();
    const clock = clockAt(1);
    const limiter = new RateLimiter("many", { limit, windowMs: HOUR }, store, clock, keyHash);
    // A thousand hits over 50 minutes: each check reads at most one row per slot.
    for (let i = 0; i < limit; i++) {
      clock.ms = 1 + i * 3000;
      expect(await countAttempt(store, clock, [{ limiter, key: "g" }])).toBeInstanceOf(Attempt);
    }
    expect(await hitsOf("many", keyHash("g"))).toBe(limit);
    const db = new SqliteDatabase(file, { readonly: true });
    const rows = db.prepare("select count(*) from rate_hit_counts").pluck().get();
    db.close();
    expect(rows).toBe(Math.ceil(clock.ms / slot));
    // The first hit's slot ends at `slot`: the key waits until that slot leaves the window.
    clock.ms += 1000;
    expect(await countAttempt(store, clock, [{ limiter, key: "g" }])).toEqual({
      waitMs: slot + HOUR - clock.ms,
    });
    clock.ms = slot + HOUR;
    expect(await countAttempt(store, clock, [{ limiter, key: "g" }])).toBeInstanceOf(Attempt);
    await rm(dir, { recursive: true, force: true });
  });

  it("takes a released attempt back from its slot", async () => {
    const clock = clockAt(5);
    const limiter = new RateLimiter("many", { limit, windowMs: HOUR }, store, clock, keyHash);
    const attempts = [];
    for (let i = 0; i < 3; i++)
      attempts.push(await countAttempt(store, clock, [{ limiter, key: "g" }]));
    for (const attempt of attempts) {
      if (!(attempt instanceof Attempt)) throw new Error("refused");
      await attempt.release();
    }
    expect(await hitsOf("many", keyHash("g"))).toBe(0);
  });
});

describe("countAttempt", () => {
  const limiters = (clock: { now(): Date }) => ({
    a: new RateLimiter("a", { limit: 2, windowMs: HOUR }, store, clock, keyHash),
    b: new RateLimiter("b", { limit: 3, windowMs: HOUR }, store, clock, keyHash),
  });

  it("counts against every claim at once, and nothing once one is used up", async () => {
    const clock = clockAt(0);
    const { a, b } = limiters(clock);
    const claims = [
      { limiter: a, key: "x" },
      { limiter: b, key: "y" },
    ];
    expect(await countAttempt(store, clock, claims)).toBeInstanceOf(Attempt);
    clock.ms = 1000;
    expect(await countAttempt(store, clock, claims)).toBeInstanceOf(Attempt);
    expect(await countAttempt(store, clock, claims)).toEqual({ waitMs: HOUR - 1000 });
    // The refused attempt left b's count where it was: one more fits.
    expect(await countAttempt(store, clock, [{ limiter: b, key: "y" }])).toBeInstanceOf(Attempt);
    expect(await b.retryAfterMs("y")).toBe(HOUR - 1000);
  });

  it("counts a spared claim without holding the attempt back by it", async () => {
    const clock = clockAt(0);
    const { a, b } = limiters(clock);
    await a.hit("x");
    await a.hit("x");
    const claims = [
      { limiter: a, key: "x", spared: true },
      { limiter: b, key: "y" },
    ];
    expect(await countAttempt(store, clock, claims)).toBeInstanceOf(Attempt);
    expect(await hitsOf("a", keyHash("x"))).toBe(3);
  });

  it("takes a released attempt back, from the named limiters or all", async () => {
    const clock = clockAt(0);
    const { a, b } = limiters(clock);
    const claims = [
      { limiter: a, key: "x" },
      { limiter: b, key: "y" },
    ];
    const first = await countAttempt(store, clock, claims);
    const second = await countAttempt(store, clock, claims);
    if (!(first instanceof Attempt && second instanceof Attempt)) throw new Error("refused");
    await first.release(a);
    expect(await hitsOf("a", keyHash("x"))).toBe(1);
    expect(await hitsOf("b", keyHash("y"))).toBe(2);
    await second.release();
    expect(await hitsOf("a", keyHash("x"))).toBe(0);
    expect(await hitsOf("b", keyHash("y"))).toBe(1);
  });
});
