import { signalNames } from "./signal-map";
import type { SignalMap, SignalName } from "./signal-map";

export type SignalHandler<K extends SignalName> = (payload: SignalMap[K]) => void;

/**
 * The handlers the modules registered, by signal, each list in the order of registration, and
 * those for "signals may have been lost". A bus holds one and calls it for every signal it
 * hears, its own included. A signal nobody registered for is heard and dropped.
 */
export class SignalHandlers {
  private readonly byName = Object.fromEntries(
    signalNames.map((name) => [name, [] as unknown[]]),
  ) as { [K in SignalName]: SignalHandler<K>[] };
  private readonly onMissed: (() => void)[] = [];

  on<K extends SignalName>(name: K, handler: SignalHandler<K>): void {
    this.byName[name].push(handler);
  }

  missed(handler: () => void): void {
    this.onMissed.push(handler);
  }

  /** Hands the payload to every handler of `name`, one after the other. */
  dispatch<K extends SignalName>(name: K, payload: SignalMap[K]): void {
    for (const handler of this.byName[name]) handler(payload);
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
