import { randomInt, timingSafeEqual } from "node:crypto";
import { hashToken } from "../security/tokens";

/** A code as stored: its hash, when it stops working, how often it was entered. */
export type StoredSmsCode = { codeHash: string; expiresAt: string; failedTries: number };

export type SmsCodeCheck = "ok" | "wrong" | "expired";

/** Six random digits from the CSPRNG, leading zeros kept. */
export function newSmsCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

/**
 * The stored form of a code. Six digits are no secret against someone holding the database, so
 * the hash only keeps codes out of plain sight; the real protection is the short life and the
 * few tries.
 */
export function hashSmsCode(code: string): string {
  return hashToken(code);
}

/**
 * Whether `given` opens `stored` at `now`; an expired code opens nothing. The tries are counted
 * by the database before the check (SmsCodeRepository.countTry).
 */
export function checkSmsCode(stored: StoredSmsCode, given: string, now: Date): SmsCodeCheck {
  if (now.toISOString() >= stored.expiresAt) return "expired";
  const expected = Buffer.from(stored.codeHash, "hex");
  const actual = Buffer.from(hashSmsCode(given.replace(/\s/g, "")), "hex");
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? "ok" : "wrong";
}
