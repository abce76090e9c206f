import { signalNames } from "./signal-map";
import type { SignalMap, SignalName } from "./signal-map";

export type SignalHandler<K extends SignalName> = (payload: SignalMap[K]) => void;

/** The installation's first game: its signals name no game on the wire (decisions/054). */
export const MAIN_GAME = 1;

type HandlersByName = { [K in SignalName]: SignalHandler<K>[] };

/**
 * The handlers the modules registered, by game and signal, each list in the order of
 * registration, and those for "signals may have been lost". A bus holds one and calls it for
 * every signal it hears, its own included; a game's signal reaches only that game's handlers.
 * A signal nobody registered for is heard and dropped.
 */
export class SignalHandlers {
  private readonly byGame = new Map<number, HandlersByName>();
  private readonly onMissed: (() => void)[] = [];

  on<K extends SignalName>(name: K, handler: SignalHandler<K>, game = MAIN_GAME): void {
    let byName = this.byGame.get(game);
    if (!byName) {
      byName = Object.fromEntries(
        signalNames.map((signal) => [signal, [] as unknown[]]),
      ) as HandlersByName;
      this.byGame.set(game, byName);
    }
    byName[name].push(handler);
  }

  missed(handler: () => void): void {
    this.onMissed.push(handler);
  }

  /** Hands the payload to every handler of `name` in `game`, one after the other. */
  dispatch<K extends SignalName>(name: K, payload: SignalMap[K], game = MAIN_GAME): void {
    const handlers: SignalHandler<K>[] = this.byGame.get(game)?.[name] ?? [];
    for (const handler of handlers) handler(payload);
  }

  /** Runs every "signals may have been lost" handler; one that throws does not stop the others. */
  dispatchMissed(onError: (error: unknown) => void): void {
    for (const handler of this.onMissed) {
      try {
        handler();
      } catch (error) {
        onError(error);
      }
    }
  }
}
