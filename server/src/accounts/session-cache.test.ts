import { describe, expect, it } from "vitest";
import { SESSION_CACHE_TTL_MS, SessionCache } from "./session-cache";

const anna = { id: 1, language: "de" as const, teamId: null, session: "a1" };
const annaPhone = { ...anna, session: "a2" };
const ben = { id: 2, language: "en" as const, teamId: 4, session: "b1" };

describe("the session cache", () => {
  it("answers for a session until its time is up, then asks the database again", () => {
    const cache = new SessionCache();
    cache.set("a1", anna, 0);
    expect(cache.get("a1", SESSION_CACHE_TTL_MS - 1)).toEqual(anna);
    expect(cache.get("a1", SESSION_CACHE_TTL_MS)).toBeUndefined();
    expect(cache.get("unknown", 0)).toBeUndefined();
  });

  it("forgets every session of a player whose account changed, and no one else's", () => {
    const cache = new SessionCache();
    cache.set("a1", anna, 0);
    cache.set("a2", annaPhone, 0);
    cache.set("b1", ben, 0);
    cache.forget(1);
    expect([cache.get("a1", 1), cache.get("a2", 1), cache.get("b1", 1)]).toEqual([
      undefined,
      undefined,
      ben,
    ]);
  });

  it("forgets everything when told it may have missed changes", () => {
    const cache = new SessionCache();
    cache.set("a1", anna, 0);
    cache.set("b1", ben, 0);
    cache.clear();
    expect([cache.get("a1", 1), cache.get("b1", 1)]).toEqual([undefined, undefined]);
  });
});

describe("the session cache when full", () => {
  it("keeps the 50,000 sessions looked up last, and forgets a player's that are left", () => {
    const cache = new SessionCache<{ id: number }>();
    // Player 1 signs in on a first device, then 50,000 sessions of others follow.
    cache.set("first", { id: 1 }, 0);
    cache.get("first", 1);
    for (let i = 0; i < 49_999; i++) cache.set(`other-${i}`, { id: 2 + (i % 1000) }, 0);
    cache.set("second", { id: 1 }, 0);
    expect(cache.get("first", 1)).toBeUndefined();
    expect(cache.get("other-0", 1)).toEqual({ id: 2 });
    cache.forget(1);
    expect(cache.get("second", 1)).toBeUndefined();
    cache.forget(2);
    expect(cache.get("other-0", 1)).toBeUndefined();
    expect(cache.get("other-1", 1)).toEqual({ id: 3 });
  });

  it("forgets a session signed in again under another player by the player it now signs in", () => {
    const cache = new SessionCache<{ id: number }>();
    cache.set("a1", { id: 1 }, 0);
    cache.set("a1", { id: 2 }, 0);
    cache.forget(1);
    expect(cache.get("a1", 1)).toEqual({ id: 2 });
    cache.forget(2);
    expect(cache.get("a1", 1)).toBeUndefined();
  });
});
