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

/**
 * The call's stream went away while it waited, or before: the player joined a team (or created
 * one) in between, so the same call resolves to the new stream when asked again (409).
 */
export class ParticipantChanged extends ServiceError {
  constructor() {
    super(409, "participant changed");
    this.name = "ParticipantChanged";
  }
}
