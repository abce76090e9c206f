import { describe, expect, it } from "vitest";
import { canonicalInviteCode, hashInviteCode, newInviteCode } from "./invite-codes";

describe("invite codes", () => {
  it("are 8 characters without look-alikes, and vary", () => {
    const codes = new Set(Array.from({ length: 100 }, newInviteCode));
    expect(codes.size).toBe(100);
    for (const code of codes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
  });

  it("are read in any case, with spaces and dashes", () => {
    expect(canonicalInviteCode(" abcd-ef23 ")).toBe("ABCDEF23");
    expect(canonicalInviteCode("AB CD EF 23")).toBe("ABCDEF23");
  });

  it("refuse what cannot be a code", () => {
    for (const input of ["", "ABCDEF2", "ABCDEF234", "ABCDEF2O", "ABCDEF21", "ABCDÉF23"]) {
      expect(canonicalInviteCode(input)).toBeUndefined();
    }
  });

  it("are stored as a hash", () => {
    expect(hashInviteCode("ABCDEF23")).toMatch(/^[0-9a-f]{64}$/);
  });
});
