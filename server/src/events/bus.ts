import { EventEmitter } from "node:events";

/**
 * Wakes the open streams of a participant after its events are committed. It carries only
 * "stream S has news": streams read the log themselves, so a missed or doubled wake-up
 * costs a read, never an event.
 */
export type EventBus = {
  notify(stream: string): void;
  /** Calls `wake` on every notify of `stream` until the returned function is called. */
  subscribe(stream: string, wake: () => void): () => void;
};

/** The bus of a single server process. */
export function createInProcessBus(): EventBus {
  const emitter = new EventEmitter();
  // One listener per open stream: thousands are expected, not a leak.
  emitter.setMaxListeners(0);
  return {
    notify: (stream) => {
      emitter.emit(stream);
    },
    subscribe: (stream, wake) => {
      emitter.on(stream, wake);
      return () => emitter.off(stream, wake);
    },
  };
}
