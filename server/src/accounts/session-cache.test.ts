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
