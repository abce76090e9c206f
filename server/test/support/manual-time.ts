import type { Clock, Timer } from "../../src/clock";

type Pending = { at: number; callback: () => void };

/**
 * A clock and a timer the test moves by hand: nothing fires until `advance` says time has
 * passed, so a test of messages due in an hour runs in milliseconds.
 */
export class ManualTime {
  private ms: number;
  private pending: Pending[] = [];

  constructor(start: string) {
    this.ms = Date.parse(start);
  }

  readonly clock: Clock = { now: () => new Date(this.ms) };

  readonly timer: Timer = (callback, delay) => {
    const entry = { at: this.ms + delay, callback };
    this.pending.push(entry);
    return () => {
      this.pending = this.pending.filter((p) => p !== entry);
    };
  };

  /** When the armed timers fire, ISO 8601, earliest first. */
  armed(): string[] {
    return this.pending.map((p) => new Date(p.at).toISOString()).sort();
  }

  /** Moves the clock on and fires the timers due by then, earliest first. */
  advance(ms: number): void {
    this.ms += ms;
    const due = this.pending.filter((p) => p.at <= this.ms).sort((a, b) => a.at - b.at);
    this.pending = this.pending.filter((p) => p.at > this.ms);
    for (const p of due) p.callback();
  }
}
