import type { Presence } from "../events/bus";
import type { Online } from "./figures";

/** An instance not heard of for this long has stopped (or lost its database connection). */
export const PRESENCE_TTL_MS = 30_000;
/** How often each instance tells the others its counts. */
export const PRESENCE_INTERVAL_MS = 10_000;

/**
 * Who is online across instances: this instance counts its own streams; the others tell it
 * theirs over the bus every few seconds (with PostgreSQL). A player with streams on two
 * instances counts twice, which is rare: a device keeps its streams on one.
 */
export class PresenceBoard {
  private readonly others = new Map<string, { presence: Presence; heardAt: number }>();

  constructor(
    readonly instance: string,
    private readonly local: () => Online,
    private readonly now: () => number,
  ) {}

  /** What this instance tells the others. */
  own(): Presence {
    return { instance: this.instance, ...this.local() };
  }

  heard(presence: Presence): void {
    if (presence.instance === this.instance) return;
    this.others.set(presence.instance, { presence, heardAt: this.now() });
  }

  online(): Online {
    const total = { ...this.local() };
    for (const [instance, { presence, heardAt }] of this.others) {
      if (this.now() - heardAt > PRESENCE_TTL_MS) {
        this.others.delete(instance);
        continue;
      }
      total.streams += presence.streams;
      total.players += presence.players;
    }
    return total;
  }
}
