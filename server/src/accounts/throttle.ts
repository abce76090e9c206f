import { ErrorReason } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { TooManyRequests } from "../errors";
import type { AccountLimits } from "./limits";
import { RateLimiter } from "./rate-limiter";

/**
 * The rate limiters the account and team calls share, one per rule of AccountLimits. One
 * instance per app: an address's failed logins and failed team joins count together.
 */
export class Throttle {
  readonly smsPerPhone: RateLimiter;
  readonly smsCallsPerIp: RateLimiter;
  readonly loginFailuresPerPhone: RateLimiter;
  readonly failuresPerIp: RateLimiter;
  readonly joinFailuresPerPlayer: RateLimiter;

  constructor(limits: AccountLimits, clock: Clock) {
    this.smsPerPhone = new RateLimiter(limits.smsPerPhone, clock);
    this.smsCallsPerIp = new RateLimiter(limits.smsCallsPerIp, clock);
    this.loginFailuresPerPhone = new RateLimiter(limits.loginFailuresPerPhone, clock);
    this.failuresPerIp = new RateLimiter(limits.failuresPerIp, clock);
    this.joinFailuresPerPlayer = new RateLimiter(limits.joinFailuresPerPlayer, clock);
  }

  /** Counts an SMS-sending call of `ip`; 429 `too many sms` past the limit. */
  smsCall(ip: string): void {
    enforce(this.smsCallsPerIp, ip, ErrorReason.tooManySms);
    this.smsCallsPerIp.hit(ip);
  }
}

/** 429 with Retry-After while `limiter` holds `key` back. */
export function enforce(limiter: RateLimiter, key: string, reason: string): void {
  const waitMs = limiter.retryAfterMs(key);
  if (waitMs > 0) throw new TooManyRequests(reason, Math.ceil(waitMs / 1000));
}
