import { randomBytes } from "node:crypto";
import type { OptinToken } from "@wegmarke/protocol";
import type { Clock } from "../clock";

const TTL_MS = 10 * 60 * 1000;
/** Anyone may ask for tokens, so the memory they take is bounded; the oldest go first. */
const MAX_OPEN = 100_000;

/**
 * The single-use `{realm, id}` tokens of apiVersion 2 sign-up, remembered for ten minutes.
 * Kept in memory: a token lost in a restart only makes the app ask for a new one.
 */
export class OptinTokens {
  /** id -> expiry (ms since epoch); insertion order is age order. */
  private readonly open = new Map<string, number>();

  constructor(
    private readonly realm: string,
    private readonly clock: Clock,
  ) {}

  issue(): OptinToken {
    const now = this.clock.now().getTime();
    this.forgetExpired(now);
    const id = randomBytes(16).toString("hex");
    this.open.set(id, now + TTL_MS);
    return { realm: this.realm, id };
  }

  /** True when the token was issued here, is unexpired and unused; it is used up either way. */
  consume(token: OptinToken): boolean {
    const expires = this.open.get(token.id);
    this.open.delete(token.id);
    return (
      token.realm === this.realm && expires !== undefined && expires > this.clock.now().getTime()
    );
  }

  private forgetExpired(now: number): void {
    for (const [id, expires] of this.open) {
      if (expires > now && this.open.size < MAX_OPEN) return;
      this.open.delete(id);
    }
  }
}
