import { randomBytes } from "node:crypto";
import { hash, verify } from "@node-rs/argon2";
import { dictionary } from "@zxcvbn-ts/language-common";

/**
 * argon2id with OWASP's first recommended setting: 19 MiB, two passes, one lane (see
 * docs/decisions/005-password-hashing.md). Pinned here so a library update cannot weaken it;
 * `Algorithm.Argon2id` is the library's default and its const enum cannot be imported under
 * isolatedModules, so the tests check the `$argon2id$` prefix instead.
 */
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1, outputLen: 32 };

/** The PHC string of `password` (algorithm, parameters, random salt and hash). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash is a failed login, not a crash.
    return false;
  }
}

let decoy: Promise<string> | undefined;

/**
 * Spends the time of a real check on a made-up hash, so an unknown phone number takes as long
 * to refuse as a wrong password and timing does not tell which numbers have accounts.
 */
export async function verifyNothing(password: string): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  await verifyPassword(await decoy, password);
  return false;
}

let common: Set<string> | undefined;

/**
 * True for one of the ~49,000 most common passwords (zxcvbn's list, which has the German
 * favourites too: "passwort", "schatz", "fussball"), in any letter case: the first ones an
 * attacker tries.
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}
