import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limiter";

function clockAt(ms: number) {
  const clock = { ms, now: () => new Date(clock.ms) };
  return clock;
}

const HOUR = 60 * 60 * 1000;

describe("RateLimiter", () => {
  it("allows `limit` hits per key within the window, then says how long to wait", () => {
    const clock = clockAt(0);
    const limiter = new RateLimiter({ limit: 3, windowMs: HOUR }, clock);
    for (const ms of [0, 1000, 2000]) {
      clock.ms = ms;
      expect(limiter.retryAfterMs("a")).toBe(0);
      limiter.hit("a");
    }
    clock.ms = 3000;
    expect(limiter.retryAfterMs("a")).toBe(HOUR - 3000);
    expect(limiter.retryAfterMs("b")).toBe(0);
  });

  it("slides: each hit leaves the window on its own", () => {
    const clock = clockAt(0);
    const limiter = new RateLimiter({ limit: 2, windowMs: HOUR }, clock);
    limiter.hit("a");
    clock.ms = HOUR / 2;
    limiter.hit("a");
    clock.ms = HOUR - 1;
    expect(limiter.retryAfterMs("a")).toBe(1);
    clock.ms = HOUR;
    expect(limiter.retryAfterMs("a")).toBe(0);
    limiter.hit("a");
    expect(limiter.retryAfterMs("a")).toBe(HOUR / 2);
  });

  it("forgets a key on reset", () => {
    const limiter = new RateLimiter({ limit: 1, windowMs: HOUR }, clockAt(0));
    limiter.hit("a");
    expect(limiter.retryAfterMs("a")).toBeGreaterThan(0);
    limiter.reset("a");
    expect(limiter.retryAfterMs("a")).toBe(0);
  });
});
