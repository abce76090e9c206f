import { randomInt } from "node:crypto";
import { hashToken } from "../security/tokens";

/**
 * Team invitation codes: 8 characters from 32 that cannot be mistaken for one another (no I,
 * O, 0, 1), so 40 random bits, typed in any case, with or without spaces and dashes.
 */
const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const LENGTH = 8;
const CANONICAL = new RegExp(`^[${ALPHABET}]{${LENGTH}}$`);

export function newInviteCode(): string {
  let code = "";
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The code as generated, or undefined when `input` cannot be one. */
export function canonicalInviteCode(input: string): string | undefined {
  const code = input.toUpperCase().replace(/[\s-]/g, "");
  return CANONICAL.test(code) ? code : undefined;
}

/** The stored form: invitations are looked up by hash, like tokens. */
export function hashInviteCode(code: string): string {
  return hashToken(code);
}
