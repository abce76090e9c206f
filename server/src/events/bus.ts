/**
 * Wakes the open streams of a participant after its events are committed. It carries only
 * "stream S has news": streams read the log themselves, so a missed or doubled wake-up
 * costs a read, never an event.
 */
export type EventBus = {
  notify(stream: string): void;
  /** Calls `wake` on every notify of `stream` until the returned function is called. */
  subscribe(stream: string, wake: () => void): () => void;
  /** Stops the bus; the app closes it after its last stream. */
  close(): Promise<void>;
};

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
  return {
    notify: (stream) => subscribers.wake(stream),
    subscribe: (stream, wake) => subscribers.add(stream, wake),
    close: () => Promise.resolve(),
  };
}
