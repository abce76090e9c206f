import { describe, expect, it } from "vitest";
import { hashPassword, verifyNothing, verifyPassword } from "./passwords";

describe("passwords", () => {
  it("are hashed with argon2id, 19 MiB, 2 passes, 1 lane and a random salt", async () => {
    const stored = await hashPassword("geheim123");
    expect(stored).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect(stored).not.toContain("geheim123");
    expect(await hashPassword("geheim123")).not.toBe(stored);
  });

  it("verify the right password only", async () => {
    const stored = await hashPassword("geheim123");
    expect(await verifyPassword(stored, "geheim123")).toBe(true);
    expect(await verifyPassword(stored, "Geheim123")).toBe(false);
    expect(await verifyPassword(stored, "")).toBe(false);
  });

  it("treat a malformed stored hash as a mismatch", async () => {
    expect(await verifyPassword("not a hash", "geheim123")).toBe(false);
  });

  it("refuse every password for an unknown account", async () => {
    expect(await verifyNothing("geheim123")).toBe(false);
  });
});
