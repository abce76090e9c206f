/**
 * A call that failed for a reason the client can act on: the spec's status code and a short
 * plain-text reason, sent as the response body.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly reason: string,
  ) {
    super(reason);
    this.name = "ServiceError";
  }
}

/** A rate limit refused the call: 429, and the seconds after which trying again may work. */
export class TooManyRequests extends ServiceError {
  constructor(
    reason: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, reason);
    this.name = "TooManyRequests";
  }
}
