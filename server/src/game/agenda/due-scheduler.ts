import type { Clock, Timer } from "../../clock";
import type { SignalBus } from "../../events/bus";

/** setTimeout's longest delay (about 24.8 days); a later time is reached in several steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;
const RETRY_MS = 10_000;

export type DueSchedulerDeps = {
  clock: Clock;
  timer: Timer;
  /** The earliest due time of everything persisted; undefined when nothing is. */
  nextDue: () => Promise<Date | undefined>;
  /** Delivers everything due at `now` or before; throws when some of it failed. */
  deliver: (now: Date) => Promise<void>;
  onError: (error: unknown) => void;
  /** How long to wait after a failed delivery before trying again. */
  retryMs?: number;
};

/**
 * The process's one timer for messages due later: it is always set to the earliest due time of
 * the persisted agenda (not one timer per message, no polling). When it fires, everything due is
 * delivered and the timer is set to the next due time the database knows. A new row due earlier
 * than the timer re-arms it through `wake`.
 */
export class DueScheduler {
  /** When the armed timer fires, in ms since the epoch; undefined when none is armed. */
  private armedFor: number | undefined;
  private cancel: (() => void) | undefined;
  /** The delivery under way, if any: `wake` meanwhile is remembered, `stop` waits for it. */
  private running: Promise<void> | undefined;
  private wakeAfterRun: number | undefined;
  private stopped = false;

  constructor(private readonly deps: DueSchedulerDeps) {}

  /**
   * A message due on any instance arms this one's timer too, so it goes out while any instance
   * runs; after signals may have been lost, the agenda is read anew.
   */
  subscribeSignals(bus: SignalBus): void {
    bus.on("due", ({ at }) => this.wake(new Date(at)));
    bus.onMissed(() => this.wake(this.deps.clock.now()));
  }

  /** Delivers what is overdue (after a restart) and arms the timer for the rest. */
  start(): Promise<void> {
    this.stopped = false;
    return this.run();
  }

  /** Something is due at `dueAt` now: re-arms the timer when that is earlier than it. */
  wake(dueAt: Date): void {
    if (this.stopped) return;
    const at = dueAt.getTime();
    if (this.running) {
      this.wakeAfterRun = Math.min(this.wakeAfterRun ?? at, at);
      return;
    }
    if (this.armedFor === undefined || at < this.armedFor) this.arm(at);
  }

  /** Disarms the timer and waits for a delivery under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.disarm();
    await this.running;
  }

  private run(): Promise<void> {
    this.disarm();
    this.running ??= this.deliverAndRearm().finally(() => {
      this.running = undefined;
      const wake = this.wakeAfterRun;
      this.wakeAfterRun = undefined;
      if (wake !== undefined) this.wake(new Date(wake));
    });
    return this.running;
  }

  private async deliverAndRearm(): Promise<void> {
    const now = this.deps.clock.now();
    try {
      await this.deps.deliver(now);
      const next = await this.deps.nextDue();
      if (next && !this.stopped) this.arm(next.getTime());
    } catch (error) {
      this.deps.onError(error);
      // What failed is still due: trying again at once would spin.
      if (!this.stopped) this.arm(now.getTime() + (this.deps.retryMs ?? RETRY_MS));
    }
  }

  private arm(at: number): void {
    this.disarm();
    const delay = Math.min(Math.max(0, at - this.deps.clock.now().getTime()), MAX_DELAY_MS);
    this.armedFor = at;
    this.cancel = this.deps.timer(() => void this.run(), delay);
  }

  private disarm(): void {
    this.cancel?.();
    this.cancel = undefined;
    this.armedFor = undefined;
  }
}
