import { createHmac } from "node:crypto";
import { ErrorReason } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { TooManyRequests } from "../errors";
import type { AccountLimits } from "./limits";
import { RateLimiter, countAttempt } from "./rate-limiter";
import type { Attempt, Claim, RateLimit, RateStore } from "./rate-limiter";

/**
 * The rate limiters the account and team calls share, one per rule of AccountLimits. One
 * instance per app: an address's failed logins and failed team joins count together. Keys
 * (numbers, addresses) are stored as an HMAC under the server's secret: without the secret, a
 * copy of the database does not tell which numbers tried what, not even by trying every number.
 */
export class Throttle {
  readonly smsPerPhone: RateLimiter;
  readonly smsCallsPerIp: RateLimiter;
  readonly loginFailuresPerPair: RateLimiter;
  readonly loginFailuresPerPhone: RateLimiter;
  /** Numbers and the addresses that signed in to them: the back-off spares these. */
  readonly knownAddresses: RateLimiter;
  readonly failuresPerIp: RateLimiter;
  readonly joinFailuresPerPlayer: RateLimiter;
  readonly anonSignupsPerIp: RateLimiter;
  readonly signupsPerGame: RateLimiter;
  readonly stationCodeFailuresPerPlayer: RateLimiter;
  readonly resetsPerPhone: RateLimiter;
  readonly passwordChangesPerPlayer: RateLimiter;
  readonly organiserMessagesPerPlayer: RateLimiter;
  readonly opsLoginFailuresPerIp: RateLimiter;
  readonly opsLoginFailuresPerName: RateLimiter;

  constructor(
    limits: AccountLimits,
    private readonly store: RateStore,
    private readonly clock: Clock,
    secret: Buffer,
    /** The game whose sign-ups `signupsPerGame` counts (the hits of all games share a table). */
    private readonly game: number,
  ) {
    const keyHash = (key: string) => createHmac("sha256", secret).update(key).digest("hex");
    const limiter = (rule: string, limit: RateLimit) =>
      new RateLimiter(rule, limit, store, clock, keyHash);
    const rule = (name: keyof AccountLimits & keyof Throttle) => limiter(name, limits[name]);
    this.smsPerPhone = rule("smsPerPhone");
    this.smsCallsPerIp = rule("smsCallsPerIp");
    this.loginFailuresPerPair = rule("loginFailuresPerPair");
    this.loginFailuresPerPhone = rule("loginFailuresPerPhone");
    this.knownAddresses = limiter("knownAddresses", { limit: 1, windowMs: limits.knownAddressMs });
    this.failuresPerIp = rule("failuresPerIp");
    this.joinFailuresPerPlayer = rule("joinFailuresPerPlayer");
    this.anonSignupsPerIp = rule("anonSignupsPerIp");
    this.signupsPerGame = rule("signupsPerGame");
    this.stationCodeFailuresPerPlayer = rule("stationCodeFailuresPerPlayer");
    this.resetsPerPhone = rule("resetsPerPhone");
    this.passwordChangesPerPlayer = rule("passwordChangesPerPlayer");
    this.organiserMessagesPerPlayer = rule("organiserMessagesPerPlayer");
    this.opsLoginFailuresPerIp = rule("opsLoginFailuresPerIp");
    this.opsLoginFailuresPerName = rule("opsLoginFailuresPerName");
  }

  /**
   * Counts an attempt against `claims` before it is evaluated, in one step of the database:
   * of requests that arrive together, no more than a limit allows pass. 429 `reason` with
   * Retry-After, counting nothing, while a claim (not spared) is used up. The caller releases
   * the attempt when it failed nothing the limits count.
   */
  async attempt(claims: Claim[], reason: string): Promise<Attempt> {
    const counted = await countAttempt(this.store, this.clock, claims);
    if ("waitMs" in counted) {
      throw new TooManyRequests(reason, Math.ceil(counted.waitMs / 1000));
    }
    return counted;
  }

  /**
   * Counts an anonymous sign-up from `ip` in this game; 429 `too many attempts` past the
   * address's sign-ups or the game's.
   */
  async anonSignup(ip: string): Promise<void> {
    await this.attempt(
      [
        { limiter: this.anonSignupsPerIp, key: ip },
        { limiter: this.signupsPerGame, key: `game ${this.game}` },
      ],
      ErrorReason.tooManyAttempts,
    );
  }

  /** Counts an SMS-sending call of `ip`; 429 `too many sms` past the limit. */
  async smsCall(ip: string): Promise<void> {
    await this.attempt([{ limiter: this.smsCallsPerIp, key: ip }], ErrorReason.tooManySms);
  }
}

/** The key of a (number, address) pair. */
export function pairKey(phone: string, ip: string): string {
  return `${phone} ${ip}`;
}
