import { describe, expect, it } from "vitest";
import { hashToken, newToken } from "./tokens";

describe("tokens", () => {
  it("are 256 random bits as hex, each different", () => {
    const token = newToken();
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(newToken()).not.toBe(token);
  });

  it("are stored as their SHA-256", () => {
    expect(hashToken("abc")).toBe(
      "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
    );
  });
});
