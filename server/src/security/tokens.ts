import { hash, randomBytes } from "node:crypto";

/** A new auth token: 256 random bits as hex. Only its hash is stored. */
export function newToken(): string {
  return randomBytes(32).toString("hex");
}

/** The stored form of a token: SHA-256 as hex (one call: every request of a player makes it). */
export function hashToken(token: string): string {
  return hash("sha256", token, "hex");
}
