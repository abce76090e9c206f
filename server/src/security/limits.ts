import { ARCHIVED_GAME_KEEP_DAYS } from "@wegmarke/protocol";
import type { RateLimit } from "./rate-limiter";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MB = 1024 * 1024;

/**
 * Every number of the account, team and upload policy in one place (docs/security.md explains
 * them).
 */
export type AccountLimits = {
  /** How long an SMS code works. */
  smsCodeTtlMs: number;
  /** Wrong entries after which an SMS code is dead. */
  smsCodeMaxTries: number;
  /** SMS (codes and reset links) to one phone number. */
  smsPerPhone: RateLimit;
  /** Calls that send an SMS (`optin/sms`, `changepass/phone`) from one address. */
  smsCallsPerIp: RateLimit;
  /** Failed logins of one number from one address; past it that pair waits. */
  loginFailuresPerPair: RateLimit;
  /**
   * Failed logins of one number from all addresses: the slow back-off against guessing from
   * many addresses. It does not hold back an address that signed in to the number before.
   */
  loginFailuresPerPhone: RateLimit;
  /** How long an address that signed in to a number counts as the owner's. */
  knownAddressMs: number;
  /** Failed logins, SMS-code entries, password changes and team joins from one address. */
  failuresPerIp: RateLimit;
  /** Failed team joins of one player. */
  joinFailuresPerPlayer: RateLimit;
  /** Anonymous sign-ups (`optin/anon`) from one address. */
  anonSignupsPerIp: RateLimit;
  /** Anonymous sign-ups of one game, from all addresses: one game cannot fill the database. */
  signupsPerGame: RateLimit;
  /** Unknown station codes (`station/code`) of one player. */
  stationCodeFailuresPerPlayer: RateLimit;
  /** Reset links asked for one number by number (known or not); a signed-in request is free. */
  resetsPerPhone: RateLimit;
  /** Password changes of one signed-in player (each costs an argon2 hash). */
  passwordChangesPerPlayer: RateLimit;
  /** Messages of one player to the organisers (organisers/). */
  organiserMessagesPerPlayer: RateLimit;
  /** A reset link works this long. */
  resetTokenTtlMs: number;
  /** A session unused this long ends; the app signs in again. */
  sessionIdleMs: number;
  /** A session's last use is written at most this often. */
  sessionTouchMs: number;
  /** How long a team invitation code works. */
  invitationTtlMs: number;
  /** Accounts that activated no station are deleted this long after registration. */
  inactiveAccountTtlMs: number;
  /** An archived game's rows and files are erased this long after it was archived. */
  archivedGameKeepMs: number;
  /** Failed operator sign-ins from one address. */
  opsLoginFailuresPerIp: RateLimit;
  /**
   * Failed sign-ins to one operator name from all addresses; an address that signed in to the
   * name before is not held back by it.
   */
  opsLoginFailuresPerName: RateLimit;
  /** An operator's console session ends this long after sign-in (a fixed time, no sliding). */
  opsSessionMs: number;
  /** Reports of a broken screen from one address (a broken app may loop), in memory. */
  clientErrorsPerIp: RateLimit;
  /** Unfinished uploads of one player (a mission's file in tus pieces, decisions/039). */
  openUploadsPerPlayer: number;
  /** The bytes one player's unfinished uploads declare together. */
  openUploadBytesPerPlayer: number;
  /** Unfinished uploads from one address, of all its players. */
  openUploadsPerIp: number;
  /** The bytes the unfinished uploads from one address declare together. */
  openUploadBytesPerIp: number;
  /** Unfinished uploads of one game on an instance: one game's rally leaves room for others. */
  openUploadsPerGame: number;
  /** The bytes one game's unfinished uploads on an instance declare together. */
  openUploadBytesPerGame: number;
  /**
   * Space the upload folder's disk keeps free beyond what the unfinished uploads declare; a new
   * upload that would take it is refused until some finish or expire.
   */
  uploadDiskReserveBytes: number;
  /** An upload not finished this long after its creation goes, pieces and all. */
  uploadExpiryMs: number;
  /** How often the expired uploads go (and once at start). */
  uploadSweepMs: number;
};

export const defaultLimits: AccountLimits = {
  smsCodeTtlMs: 10 * MINUTE,
  smsCodeMaxTries: 5,
  smsPerPhone: { limit: 3, windowMs: HOUR },
  // Mobile networks put many phones behind one address (carrier-grade NAT): a school class
  // registering together must not be stopped, so the per-address numbers are generous.
  smsCallsPerIp: { limit: 30, windowMs: HOUR },
  loginFailuresPerPair: { limit: 5, windowMs: 15 * MINUTE },
  // 50 guesses a day from any number of addresses find no password outside the common ones,
  // which are refused (passwords.ts).
  loginFailuresPerPhone: { limit: 50, windowMs: DAY },
  knownAddressMs: 30 * DAY,
  failuresPerIp: { limit: 100, windowMs: 15 * MINUTE },
  joinFailuresPerPlayer: { limit: 10, windowMs: HOUR },
  // A school of several classes behind one address signs up in a few minutes; a script that
  // fills the database does not get far.
  anonSignupsPerIp: { limit: 200, windowMs: HOUR },
  // A rally of 5,000 players signs up within the hour twice over; one game's flood from many
  // addresses stops there, and the installation's other games play on.
  signupsPerGame: { limit: 10_000, windowMs: HOUR },
  // A mistyped or half-scanned code now and then; guessing 96-bit codes gets nowhere anyway.
  stationCodeFailuresPerPlayer: { limit: 20, windowMs: HOUR },
  resetsPerPhone: { limit: 1, windowMs: DAY },
  passwordChangesPerPlayer: { limit: 5, windowMs: HOUR },
  // A lost player writes a few lines in a row; a host reads them all, not a flood.
  organiserMessagesPerPlayer: { limit: 30, windowMs: HOUR },
  resetTokenTtlMs: DAY,
  sessionIdleMs: 30 * DAY,
  sessionTouchMs: HOUR,
  invitationTtlMs: 7 * DAY,
  inactiveAccountTtlMs: 14 * DAY,
  // A month: a game archived by mistake or too early can be brought back whole (`npm run game
  // -- restore`, the console's games page), players, results and submissions with their
  // exports, once the organiser notices; the players' data of a game that has ended is kept no
  // longer.
  archivedGameKeepMs: ARCHIVED_GAME_KEEP_DAYS * DAY,
  opsLoginFailuresPerIp: { limit: 10, windowMs: 15 * MINUTE },
  opsLoginFailuresPerName: { limit: 20, windowMs: HOUR },
  // An event day: the console signs in once in the morning.
  opsSessionMs: 12 * HOUR,
  clientErrorsPerIp: { limit: 10, windowMs: MINUTE },
  // A phone sends one file at a time, and one more after a dropped connection: three open
  // uploads and twice the largest file (a 150 MB video) are room enough.
  openUploadsPerPlayer: 3,
  openUploadBytesPerPlayer: 300 * MB,
  // A festival's Wi-Fi puts many phones behind one address.
  openUploadsPerIp: 60,
  openUploadBytesPerIp: 2000 * MB,
  // A rally's photo mission: 200 phones sending at once fill one game's share; a video each
  // of 150 MB from a sixth of them is its bytes.
  openUploadsPerGame: 200,
  openUploadBytesPerGame: 5000 * MB,
  uploadDiskReserveBytes: 100 * MB,
  uploadExpiryMs: DAY,
  uploadSweepMs: HOUR,
};

/**
 * Web Push subscriptions a player keeps (a phone and a tablet, and one more): a new one beyond
 * replaces the oldest, so that no news item pushes more often than this to one player.
 */
export const PUSH_SUBSCRIPTIONS_PER_PLAYER = 3;
