import type { Wake } from "../events/bus";
import { sseKeepAlive, sseRetry, threadChangedEvent } from "../events/sse";
import type { SseSink } from "../events/stream-hub";

/** Changes of one stream within this long are told once. */
export const WATCH_COALESCE_MS = 200;
/** A quiet watch writes a comment this often, so that no proxy closes it. */
const KEEP_ALIVE_MS = 25_000;
/** What a watch says: read the chat again (`opsThreadChanged`). */
const CHANGED = threadChangedEvent();

export type ThreadWatchDeps = {
  /** Calls `wake` whenever the stream's log grows, on any instance (the bus). */
  subscribe: (stream: string, wake: Wake) => () => void;
};

/**
 * The game master's pages that watch a participant's chat: each hears "changed" when the
 * participant's log grows (an answer, a character's line, a host's), on whichever instance it
 * happened, at most once per WATCH_COALESCE_MS, and once as it opens.
 */
export class ThreadWatch {
  private readonly sinks = new Map<SseSink, () => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: ThreadWatchDeps) {}

  /** Opens a page's watch of `stream`; returns the function that closes it. */
  connect(stream: string, sink: SseSink): () => void {
    sink.write(sseRetry());
    sink.write(CHANGED);
    let told: NodeJS.Timeout | undefined;
    const unsubscribe = this.deps.subscribe(stream, () => {
      told ??= setTimeout(() => {
        told = undefined;
        if (this.sinks.has(sink)) sink.write(CHANGED);
      }, WATCH_COALESCE_MS);
    });
    this.sinks.set(sink, () => {
      unsubscribe();
      clearTimeout(told);
    });
    this.timer ??= setInterval(() => {
      for (const open of this.sinks.keys()) open.write(sseKeepAlive);
    }, KEEP_ALIVE_MS).unref();
    return () => this.remove(sink);
  }

  /** Ends every watch (the server stops); pages open them again elsewhere. */
  closeAll(): void {
    for (const sink of [...this.sinks.keys()]) {
      this.remove(sink);
      sink.end();
    }
  }

  private remove(sink: SseSink): void {
    this.sinks.get(sink)?.();
    this.sinks.delete(sink);
    if (this.sinks.size > 0) return;
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
