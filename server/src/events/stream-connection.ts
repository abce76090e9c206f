import type { PlayerStatus } from "@wegmarke/protocol";
import type { LogRow } from "../store/event-repository";
import type { EventBus } from "./bus";
import { NO_TEXT, chunkText, joinText, serverEvent, sseRetry, withLogged } from "./sse";
import type { SharedChunk, SseText } from "./sse";

/** Where a stream's text goes: an HTTP response in production, an array in unit tests. */
export type SseSink = {
  /** Writes text, or text encoded once for many streams. */
  write(chunk: SseText | SharedChunk): void;
  /** Ends the stream once what is written has gone out. */
  end(): void;
  /** Drops the connection and what it has not sent yet (a reader that stopped reading). */
  abort(): void;
  /** Bytes written but not yet handed to the network. */
  buffered(): number;
};

/** What a stream sends first: the current status, then the logged events it missed. */
export type StreamSnapshot = {
  status: PlayerStatus;
  /** Logged events after the client's last id, without retracted and stale playerstatus ones. */
  backlog: LogRow[];
  /** The stream's last id when the snapshot was taken: live delivery continues after it. */
  lastSeq: number;
  /** Unlogged events to send after the backlog (the operators' news, the teammates' positions). */
  trailer?: SseText;
};

/** Who holds a stream open: several players share a team's stream, one player has devices. */
export type StreamOwner = {
  playerId: number;
  /** The signed-in device (its token's hash): it may hold only a few streams. */
  session: string;
};

/**
 * A stream whose reader lets this much pile up unsent has stopped reading (or reads far too
 * slowly): it is dropped, and the client resumes from its last id. A whole game's backlog is
 * well below it, so only a reader that stopped ever reaches it.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;

/** What every connection of a hub shares. */
export type ConnectionDeps = {
  bus: Pick<EventBus, "subscribe">;
  /** The stream's logged, unretracted events after an id, oldest first. */
  readAfter: (stream: string, seq: number) => Promise<LogRow[]>;
  onError: (error: unknown) => void;
  /** The hub's heartbeat tick now. */
  tick: () => number;
};

/** One open stream: its snapshot first, then the rows of each wake-up in order. */
export class Connection {
  private lastSent = 0;
  /** A snapshot or a read is under way; wake-ups meanwhile only set `pending`. */
  private busy = true;
  private pending = false;
  private closed = false;
  /** Unlogged text that came while the opening snapshot was on its way; it follows the snapshot. */
  private held: SseText[] | undefined = [];
  lastWriteTick: number;
  private readonly unsubscribe: () => void;

  constructor(
    readonly stream: string,
    readonly owner: StreamOwner | undefined,
    private readonly sink: SseSink,
    private readonly deps: ConnectionDeps,
    /** Takes the closed connection out of the hub. */
    private readonly onClose: () => void,
  ) {
    this.lastWriteTick = deps.tick();
    this.unsubscribe = deps.bus.subscribe(stream, (rows) => this.wake(rows));
  }

  async start(snapshot: () => Promise<StreamSnapshot>): Promise<void> {
    try {
      const { status, backlog, lastSeq, trailer = NO_TEXT } = await snapshot();
      const held = this.held ?? [];
      this.held = undefined;
      const head = joinText([sseRetry(), serverEvent("playerstatus", status)]);
      this.send(backlog, head, joinText([trailer, ...held]));
      this.lastSent = Math.max(this.lastSent, lastSeq);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.busy = false;
    if (this.pending && !this.closed) void this.drain();
  }

  /** Writes unlogged text (no id): now, or right after the opening snapshot while that is on its way. */
  write(chunk: SseText | SharedChunk): void {
    if (this.held) this.held.push(chunkText(chunk));
    else this.put(chunk);
  }

  close(farewell?: SseText, abort = false): void {
    if (this.closed) return;
    if (farewell) this.sink.write(farewell);
    this.closed = true;
    this.unsubscribe();
    if (abort) this.sink.abort();
    else this.sink.end();
    this.onClose();
  }

  /** Writes a chunk, unless the reader stopped reading: then the stream is dropped. */
  private put(chunk: SseText | SharedChunk): void {
    if (this.closed) return;
    if (this.sink.buffered() > MAX_BUFFERED_BYTES) {
      // The client reconnects after the `retry` it got first and resumes from its last id.
      this.close(undefined, true);
      return;
    }
    this.lastWriteTick = this.deps.tick();
    this.sink.write(chunk);
  }

  /** Committed rows arrive in order; a stream that is behind them (or given none) reads the log. */
  private wake(rows?: readonly LogRow[]): void {
    if (this.closed) return;
    if (this.busy) {
      this.pending = true;
      return;
    }
    const first = rows?.[0];
    if (rows === undefined || first === undefined || first.seq > this.lastSent + 1) {
      void this.drain();
      return;
    }
    this.send(rows.filter((row) => row.seq > this.lastSent));
  }

  /** Reads after the last sent id until no wake-up arrived during the read. */
  private async drain(): Promise<void> {
    this.busy = true;
    try {
      do {
        this.pending = false;
        this.send(await this.deps.readAfter(this.stream, this.lastSent));
      } while (this.pending && !this.closed);
    } catch (error) {
      this.fail(error);
    } finally {
      this.busy = false;
    }
  }

  /**
   * Writes the rows (between `head` and `tail`) in one chunk: one socket write per wake-up, not
   * per event.
   */
  private send(rows: readonly LogRow[], head = NO_TEXT, tail = NO_TEXT): void {
    const last = rows.at(-1);
    if (last) this.lastSent = last.seq;
    const chunk = withLogged(head, rows, tail);
    if (chunk !== "") this.put(chunk);
  }

  /** The client reconnects with its last id and loses nothing, so ending is the safe answer. */
  private fail(error: unknown): void {
    this.deps.onError(error);
    this.close();
  }
}
