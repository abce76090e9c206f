import { ErrorReason } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { TooManyRequests } from "../errors";
import type { Store } from "../store/store";
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

  constructor(limits: AccountLimits, store: Store, clock: Clock) {
    const limiter = (rule: keyof AccountLimits & keyof Throttle) =>
      new RateLimiter(rule, limits[rule], store, clock);
    this.smsPerPhone = limiter("smsPerPhone");
    this.smsCallsPerIp = limiter("smsCallsPerIp");
    this.loginFailuresPerPhone = limiter("loginFailuresPerPhone");
    this.failuresPerIp = limiter("failuresPerIp");
    this.joinFailuresPerPlayer = limiter("joinFailuresPerPlayer");
  }

  /** Counts an SMS-sending call of `ip`; 429 `too many sms` past the limit. */
  async smsCall(ip: string): Promise<void> {
    await enforce(this.smsCallsPerIp, ip, ErrorReason.tooManySms);
    await this.smsCallsPerIp.hit(ip);
  }
}

/** 429 with Retry-After while `limiter` holds `key` back. */
export async function enforce(limiter: RateLimiter, key: string, reason: string): Promise<void> {
  const waitMs = await limiter.retryAfterMs(key);
  if (waitMs > 0) throw new TooManyRequests(reason, Math.ceil(waitMs / 1000));
}
