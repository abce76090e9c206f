import type { RateLimit } from "./rate-limiter";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Every number of the account and team policy in one place (docs/security.md explains them). */
export type AccountLimits = {
  /** How long an SMS code works. */
  smsCodeTtlMs: number;
  /** Wrong entries after which an SMS code is dead. */
  smsCodeMaxTries: number;
  /** SMS (codes and reset links) to one phone number. */
  smsPerPhone: RateLimit;
  /** Calls that send an SMS (`optin/sms`, `changepass/phone`) from one address. */
  smsCallsPerIp: RateLimit;
  /** Failed logins of one phone number; past it the number is locked for the rest of the window. */
  loginFailuresPerPhone: RateLimit;
  /** Failed logins, SMS-code entries and team joins from one address. */
  failuresPerIp: RateLimit;
  /** Failed team joins of one player. */
  joinFailuresPerPlayer: RateLimit;
  /** A reset link works this long; a new one is sent at most this often per account. */
  resetTokenTtlMs: number;
  /** How long a team invitation code works. */
  invitationTtlMs: number;
  /** Accounts that activated no station are deleted this long after registration. */
  inactiveAccountTtlMs: number;
};

export const defaultLimits: AccountLimits = {
  smsCodeTtlMs: 10 * MINUTE,
  smsCodeMaxTries: 5,
  smsPerPhone: { limit: 3, windowMs: HOUR },
  // Mobile networks put many phones behind one address (carrier-grade NAT): a school class
  // registering together must not be stopped, so the per-address numbers are generous.
  smsCallsPerIp: { limit: 30, windowMs: HOUR },
  loginFailuresPerPhone: { limit: 5, windowMs: 15 * MINUTE },
  failuresPerIp: { limit: 30, windowMs: 15 * MINUTE },
  joinFailuresPerPlayer: { limit: 10, windowMs: HOUR },
  resetTokenTtlMs: DAY,
  invitationTtlMs: 7 * DAY,
  inactiveAccountTtlMs: 14 * DAY,
};
