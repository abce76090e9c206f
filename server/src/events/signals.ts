import { streamOf } from "../participants/participant";
import type { BusSignal, GameActivity, PositionUpdate, Presence } from "./bus";
import type { StreamHub } from "./stream-hub";

/** What each signal does on an instance; `dispatchSignal` picks the one. */
export type SignalHandlers = {
  /** Something falls due at this time: the scheduler arms for it. */
  due(at: Date): void;
  /** A player's account changed: cached copies of it go. */
  account(playerId: number): void;
  /** A station was scored: rankings are out of date. */
  scored(): void;
  /** A player plays as another participant now (a team, or deleted). */
  moved(playerId: number): void;
  /** The operators' news changed: every open stream gets what changed in the list. */
  news(): void;
  /** An instance's report of its open streams, online players and content pack. */
  presence(presence: Presence): void;
  /** A participant started, finished or cancelled a station, or opened a story. */
  activity(activity: GameActivity): void;
  /** A team member shared a position or stopped sharing. */
  position(update: PositionUpdate): void;
  /** The content pack was reloaded on `instance`: the others load theirs again. */
  reload(instance: string): void;
};

/** Hands a signal to its handler; every kind has one (the switch is exhaustive). */
export function dispatchSignal(signal: BusSignal, handlers: SignalHandlers): void {
  switch (signal.kind) {
    case "due":
      return handlers.due(new Date(signal.at));
    case "account":
      return handlers.account(signal.playerId);
    case "scored":
      return handlers.scored();
    case "moved":
      return handlers.moved(signal.playerId);
    case "news":
      return handlers.news();
    case "presence":
      return handlers.presence(signal.presence);
    case "activity":
      return handlers.activity(signal.activity);
    case "position":
      return handlers.position(signal.update);
    case "reload":
      return handlers.reload(signal.instance);
    default: {
      // A new kind of signal fails to compile here until it has its handler.
      const unknown: never = signal;
      throw new Error(`unknown signal ${JSON.stringify(unknown)}`);
    }
  }
}

export type MovedStreamsDeps = {
  hub: StreamHub;
  /** The player as the database holds it now; undefined once deleted. */
  findPlayer(playerId: number): Promise<{ id: number; teamId: number | null } | undefined>;
  onError(error: unknown): void;
};

/**
 * Ends a player's open streams here that are not their participant's stream any more (they
 * joined a team, or were deleted): the signal may come late, so a stream opened on the new
 * participant meanwhile stays. The clients reconnect and find where they belong.
 */
export async function endMovedStreams(deps: MovedStreamsDeps, playerId: number): Promise<void> {
  if (!deps.hub.hasPlayer(playerId)) return;
  try {
    const player = await deps.findPlayer(playerId);
    deps.hub.disconnectPlayer(playerId, player && streamOf(player));
  } catch (error) {
    deps.onError(error);
  }
}
