import { ErrorReason, OpsReason } from "@wegmarke/protocol";
import type { GameClock as ClockEvent, OpsClock } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { SignalBus } from "../events/bus";
import { NO_TEXT, serverEvent } from "../events/sse";
import type { SseText } from "../events/sse";
import type { StreamHub } from "../events/stream-hub";
import type { Repositories, StoreOf } from "../store/store";

export type GameClockDeps = {
  store: StoreOf<Pick<Repositories, "games">> & { readonly game: number };
  /** game.yaml's `clock` (read on every call: a reloaded pack counts at once). */
  pack: ContentPack;
  clock: Clock;
  /** Tells every instance of a host's change, once it is written. */
  bus: SignalBus;
  /** This instance's open streams. */
  streams: Pick<StreamHub, "broadcast">;
  onError: (error: unknown, message: string) => void;
};

/** The start and the end in force: the pack's start, a host's end or else the pack's. */
type Times = { startsAt: string | null; endsAt: string | null };

/**
 * The game's clock (decisions/061): game.yaml's start and end, and the end a host sets live.
 * Before the start and from the end on, no station starts and no answer, tap, mission or hint
 * counts (409); the scoreboard then stands as it is. Every instance keeps the host's end read
 * once, until the bus tells of a change, which its open streams get as `gameclock`.
 */
export class GameClock {
  /** The host's end, read once per change (undefined: not read yet). */
  private hostEnd: Promise<string | null> | undefined;

  constructor(private readonly deps: GameClockDeps) {}

  subscribeSignals(bus: SignalBus): void {
    bus.on("clock", () => {
      this.hostEnd = undefined;
      this.event().then(
        (event) => this.deps.streams.broadcast("gameclock", event),
        (error: unknown) => this.deps.onError(error, "game clock not sent"),
      );
    });
    bus.onMissed(() => {
      this.hostEnd = undefined;
    });
  }

  /** Throws 409 `game not started` before the start and `game over` from the end on. */
  async requireOpen(): Promise<void> {
    const { startsAt, endsAt } = await this.times();
    if (startsAt === null && endsAt === null) return;
    const now = this.deps.clock.now().getTime();
    if (startsAt !== null && now < Date.parse(startsAt)) {
      throw new ServiceError(409, ErrorReason.gameNotStarted);
    }
    if (endsAt !== null && now >= Date.parse(endsAt)) {
      throw new ServiceError(409, ErrorReason.gameOver);
    }
  }

  /** The clock as the console shows it. */
  async read(): Promise<OpsClock> {
    const times = await this.times();
    const packEndsAt = this.deps.pack.clock?.end ?? null;
    return { ...times, packEndsAt, now: this.deps.clock.now().toISOString() };
  }

  /**
   * Sets the game's end (null: the pack's again); every instance's open streams get the new
   * clock. 400 for an end not after the start.
   */
  async setEnd(endsAt: string | null): Promise<OpsClock> {
    const startsAt = this.deps.pack.clock?.start;
    if (endsAt !== null && startsAt && Date.parse(endsAt) <= Date.parse(startsAt)) {
      throw new ServiceError(400, OpsReason.endBeforeStart);
    }
    const { store } = this.deps;
    // Kept as the instant it is, whatever offset it came with.
    const stored = endsAt === null ? null : new Date(endsAt).toISOString();
    await store.repos.games.setEnd(store.game, stored);
    this.hostEnd = undefined;
    this.deps.bus.broadcast("clock", {});
    return this.read();
  }

  /** What an opening stream gets after its status: the clock, "" for a game without one. */
  async openingEvent(): Promise<SseText> {
    const event = await this.event();
    if (event.StartsAt === null && event.EndsAt === null) return NO_TEXT;
    return serverEvent("gameclock", event);
  }

  private async event(): Promise<ClockEvent> {
    const { startsAt, endsAt } = await this.times();
    return { StartsAt: startsAt, EndsAt: endsAt, ServerTime: this.deps.clock.now().toISOString() };
  }

  private async times(): Promise<Times> {
    const { store, pack } = this.deps;
    this.hostEnd ??= store.repos.games.endOf(store.game).catch((error: unknown) => {
      this.hostEnd = undefined;
      throw error;
    });
    const hostEnd = await this.hostEnd;
    return { startsAt: pack.clock?.start ?? null, endsAt: hostEnd ?? pack.clock?.end ?? null };
  }
}
