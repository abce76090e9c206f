import { describe, expect, it } from "vitest";
import { checkSmsCode, hashSmsCode, newSmsCode } from "./sms-codes";

const at = (minutes: number) => new Date(Date.UTC(2026, 4, 1, 10, minutes));

function stored(code: string) {
  return { codeHash: hashSmsCode(code), expiresAt: at(10).toISOString(), failedTries: 0 };
}

describe("SMS codes", () => {
  it("are six digits, leading zeros kept, and vary", () => {
    const codes = new Set(Array.from({ length: 200 }, newSmsCode));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
  });

  it("are stored as a hash, not as themselves", () => {
    expect(hashSmsCode("123456")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSmsCode("123456")).not.toContain("123456");
  });

  it("open for the right code within ten minutes, spaces ignored", () => {
    expect(checkSmsCode(stored("042042"), "042042", at(0))).toBe("ok");
    expect(checkSmsCode(stored("042042"), "042 042", at(9))).toBe("ok");
    expect(checkSmsCode(stored("042042"), "42042", at(0))).toBe("wrong");
    expect(checkSmsCode(stored("042042"), "042043", at(0))).toBe("wrong");
  });

  it("expire after ten minutes", () => {
    expect(checkSmsCode(stored("042042"), "042042", at(10))).toBe("expired");
  });
});
