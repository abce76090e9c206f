import type { LogRow } from "../store/event-repository";
import type { SignalMap, SignalName } from "./signal-map";
import { MAIN_GAME, SignalHandlers } from "./signals";
import type { SignalHandler } from "./signals";

export type {
  GameActivity,
  OrganisersSignal,
  PackState,
  PositionUpdate,
  Presence,
} from "./signal-map";

/**
 * What a stream's subscriber is told: the rows just committed (a stream that has sent
 * everything before them sends them as they are), or nothing: "read the log after your last id".
 */
export type Wake = (rows?: readonly LogRow[]) => void;

/**
 * What a module needs of the bus for its signals (signal-map.ts): it sends them, and registers
 * its own handlers where it is wired (`subscribeSignals`), as every instance hears every signal.
 */
export type SignalBus = {
  /** Sends a signal to every instance's handlers: this one's run at once, before it returns. */
  broadcast<K extends SignalName>(name: K, payload: SignalMap[K]): void;
  /** Registers a handler of `name`; several may, and run in the order they registered. */
  on<K extends SignalName>(name: K, handler: SignalHandler<K>): void;
  /**
   * Registers a handler for "signals of other instances may have been lost" (the connection to
   * them broke and is back): it re-reads what they could have told it (decisions/026).
   */
  onMissed(handler: () => void): void;
};

/**
 * Wakes the open streams of a participant after its events are committed. This instance's
 * streams get the committed rows in memory; other instances hear "stream S has news up to id N"
 * (with the rows when they fit) and read the log themselves when they need to, so a missed or
 * doubled wake-up costs a read, never an event. Signals travel the same way, and are hints as
 * well.
 */
export type EventBus = SignalBus & {
  /** After commit: hands `rows` (in id order) to the stream's subscribers on every instance. */
  publish(stream: string, rows: readonly LogRow[]): void;
  /** Calls `wake` on every publish of `stream` until the returned function is called. */
  subscribe(stream: string, wake: Wake): () => void;
  /**
   * The same bus as another game sees it: its signals are that game's alone, its streams'
   * wake-ups everyone's (a stream's key is unique in the installation).
   */
  forGame(game: number): EventBus;
  /** Stops the bus; the app closes it after its last stream. A game's view leaves it open. */
  close(): Promise<void>;
};

/** What a bus is for all games at once; `gameView` makes one game's EventBus of it. */
export type SharedBus = Pick<EventBus, "publish" | "subscribe" | "onMissed" | "close"> & {
  broadcastIn<K extends SignalName>(game: number, name: K, payload: SignalMap[K]): void;
  onIn<K extends SignalName>(game: number, name: K, handler: SignalHandler<K>): void;
};

/**
 * One game's bus (decisions/054): the first game's is the bus itself and closes it; another's
 * is a view that leaves closing to the first's.
 */
export function gameView(shared: SharedBus, game: number): EventBus {
  return {
    publish: (stream, rows) => shared.publish(stream, rows),
    subscribe: (stream, wake) => shared.subscribe(stream, wake),
    broadcast: (name, payload) => shared.broadcastIn(game, name, payload),
    on: (name, handler) => shared.onIn(game, name, handler),
    onMissed: (handler) => shared.onMissed(handler),
    forGame: (other) => gameView(shared, other),
    close: () => (game === MAIN_GAME ? shared.close() : Promise.resolve()),
  };
}

/** This process's open streams: their wake-up functions by stream key. */
export class Subscribers {
  // One entry per open stream: thousands are expected.
  private readonly byStream = new Map<string, Set<Wake>>();

  add(stream: string, wake: Wake): () => void {
    let wakes = this.byStream.get(stream);
    if (!wakes) {
      wakes = new Set();
      this.byStream.set(stream, wakes);
    }
    const own = wakes;
    own.add(wake);
    return () => {
      own.delete(wake);
      if (own.size === 0 && this.byStream.get(stream) === own) this.byStream.delete(stream);
    };
  }

  wake(stream: string, rows?: readonly LogRow[]): void {
    const wakes = this.byStream.get(stream);
    if (!wakes) return;
    for (const wake of [...wakes]) wake(rows);
  }

  wakeAll(): void {
    for (const wakes of [...this.byStream.values()]) for (const wake of [...wakes]) wake();
  }
}

/** The bus of a single server process (SQLite). */
export function createInProcessBus(): EventBus {
  const subscribers = new Subscribers();
  const handlers = new SignalHandlers();
  return gameView(
    {
      publish: (stream, rows) => subscribers.wake(stream, rows),
      subscribe: (stream, wake) => subscribers.add(stream, wake),
      broadcastIn: (game, name, payload) => handlers.dispatch(name, payload, game),
      onIn: (game, name, handler) => handlers.on(name, handler, game),
      onMissed: () => undefined,
      close: () => Promise.resolve(),
    },
    MAIN_GAME,
  );
}
