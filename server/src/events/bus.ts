/**
 * News every instance must hear, its sender included: a player now plays as another participant
 * (their open streams end, rankings change), a station was scored, a message falls due at `at`
 * (ms since the epoch: every scheduler arms for it, so it goes out while any instance runs).
 */
export type BusSignal =
  { kind: "moved"; playerId: number } | { kind: "scored" } | { kind: "due"; at: number };

/**
 * Wakes the open streams of a participant after its events are committed. It carries only
 * "stream S has news": streams read the log themselves, so a missed or doubled wake-up
 * costs a read, never an event. Signals travel the same way, and are hints as well.
 */
export type EventBus = {
  notify(stream: string): void;
  /** Calls `wake` on every notify of `stream` until the returned function is called. */
  subscribe(stream: string, wake: () => void): () => void;
  /** Sends `signal` to every instance's `onSignal` handler, this one's included. */
  broadcast(signal: BusSignal): void;
  /** The handler of every signal; set once, by the app. */
  onSignal(handler: (signal: BusSignal) => void): void;
  /** Stops the bus; the app closes it after its last stream. */
  close(): Promise<void>;
};

/** A signal as a notification's payload; `!` sets it apart from stream keys. */
export function encodeSignal(signal: BusSignal): string {
  switch (signal.kind) {
    case "moved":
      return `!moved:${signal.playerId}`;
    case "scored":
      return "!scored";
    case "due":
      return `!due:${signal.at}`;
  }
}

/** The signal of a payload; undefined for a stream key or anything malformed. */
export function decodeSignal(payload: string): BusSignal | undefined {
  if (payload === "!scored") return { kind: "scored" };
  const match = /^!(moved|due):(\d{1,15})$/.exec(payload);
  if (!match) return undefined;
  const value = Number(match[2]);
  return match[1] === "moved" ? { kind: "moved", playerId: value } : { kind: "due", at: value };
}

/** This process's open streams: their wake-up functions by stream key. */
export class Subscribers {
  // One entry per open stream: thousands are expected.
  private readonly byStream = new Map<string, Set<() => void>>();

  add(stream: string, wake: () => void): () => void {
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

  wake(stream: string): void {
    for (const wake of [...(this.byStream.get(stream) ?? [])]) wake();
  }

  wakeAll(): void {
    for (const wakes of [...this.byStream.values()]) for (const wake of [...wakes]) wake();
  }
}

/** The bus of a single server process (SQLite). */
export function createInProcessBus(): EventBus {
  const subscribers = new Subscribers();
  let handler: ((signal: BusSignal) => void) | undefined;
  return {
    notify: (stream) => subscribers.wake(stream),
    subscribe: (stream, wake) => subscribers.add(stream, wake),
    broadcast: (signal) => handler?.(signal),
    onSignal: (next) => {
      handler = next;
    },
    close: () => Promise.resolve(),
  };
}
