import type { PlayerStatus } from "@wegmarke/protocol";
import type { LogRow } from "../store/event-repository";
import type { EventBus } from "./bus";
import { sseEvent, sseKeepAlive, sseRetry } from "./sse";

/** Where a stream's text goes: an HTTP response in production, an array in unit tests. */
export type SseSink = { write(chunk: string): void; end(): void };

/** What a stream sends first: the current status, then the logged events it missed. */
export type StreamSnapshot = {
  status: PlayerStatus;
  /** Logged events after the client's last id, without retracted and stale playerstatus ones. */
  backlog: LogRow[];
  /** The stream's last id when the snapshot was taken: live delivery continues after it. */
  lastSeq: number;
};

export type StreamHubDeps = {
  bus: EventBus;
  /** The stream's logged, unretracted events after an id, oldest first. */
  readAfter: (stream: string, seq: number) => Promise<LogRow[]>;
  onError: (error: unknown) => void;
  heartbeatMs?: number;
};

const HEARTBEAT_MS = 15_000;

/**
 * The open event streams of this process. Each sleeps until the bus wakes it, then reads the
 * log once after the last id it sent; one shared timer keeps all of them alive.
 */
export class StreamHub {
  private readonly connections = new Set<Connection>();
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly deps: StreamHubDeps) {}

  get size(): number {
    return this.connections.size;
  }

  /**
   * Opens a stream: subscribes first, so a commit between the subscription and the snapshot
   * cannot go unnoticed, then writes the snapshot in the background. `playerId` names whose
   * connection it is (several players share a team's stream). Returns the function that closes
   * the stream (call it when the client goes away).
   */
  connect(
    stream: string,
    sink: SseSink,
    snapshot: () => Promise<StreamSnapshot>,
    playerId?: number,
  ): () => void {
    const connection = new Connection(stream, playerId, sink, this.deps, () =>
      this.remove(connection),
    );
    this.connections.add(connection);
    this.startHeartbeat();
    void connection.start(snapshot);
    return () => connection.close();
  }

  /** Whether one of the player's streams is open here. */
  hasPlayer(playerId: number): boolean {
    for (const connection of this.connections) if (connection.playerId === playerId) return true;
    return false;
  }

  /**
   * Ends a player's streams with a reconnect hint, except those of `current`: they joined a team
   * or were deleted, so their stream is another one now (or none) and the reconnect finds out
   * which. One opened on the new stream meanwhile stays.
   */
  disconnectPlayer(playerId: number, current?: string): void {
    for (const connection of this.connections) {
      if (connection.playerId === playerId && connection.stream !== current) {
        connection.close(sseRetry());
      }
    }
  }

  /** Ends every stream with a reconnect hint (shutdown: clients come back to another instance). */
  closeAll(): void {
    for (const connection of this.connections) connection.close(sseRetry());
    this.stopHeartbeat();
  }

  private remove(connection: Connection): void {
    this.connections.delete(connection);
    if (this.connections.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    this.heartbeat = setInterval(() => {
      for (const connection of this.connections) connection.write(sseKeepAlive);
    }, this.deps.heartbeatMs ?? HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  private stopHeartbeat(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
  }
}

class Connection {
  private lastSent = 0;
  /** A snapshot or a read is under way; wake-ups meanwhile only set `pending`. */
  private busy = true;
  private pending = false;
  private closed = false;
  private readonly unsubscribe: () => void;

  constructor(
    readonly stream: string,
    readonly playerId: number | undefined,
    private readonly sink: SseSink,
    private readonly deps: StreamHubDeps,
    private readonly onClose: () => void,
  ) {
    this.unsubscribe = deps.bus.subscribe(stream, () => this.wake());
  }

  async start(snapshot: () => Promise<StreamSnapshot>): Promise<void> {
    try {
      const { status, backlog, lastSeq } = await snapshot();
      this.send(backlog, sseRetry() + sseEvent("playerstatus", JSON.stringify(status)));
      this.lastSent = Math.max(this.lastSent, lastSeq);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.busy = false;
    if (this.pending && !this.closed) void this.drain();
  }

  write(chunk: string): void {
    if (!this.closed) this.sink.write(chunk);
  }

  close(farewell?: string): void {
    if (this.closed) return;
    if (farewell) this.sink.write(farewell);
    this.closed = true;
    this.unsubscribe();
    this.sink.end();
    this.onClose();
  }

  private wake(): void {
    if (this.closed) return;
    if (this.busy) {
      this.pending = true;
      return;
    }
    void this.drain();
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

  /** Writes the rows (after `head`) in one chunk: one socket write per wake-up, not per event. */
  private send(rows: LogRow[], head = ""): void {
    let chunk = head;
    for (const row of rows) {
      chunk += sseEvent(row.type, row.payload, row.seq);
      this.lastSent = row.seq;
    }
    if (chunk !== "") this.write(chunk);
  }

  /** The client reconnects with its last id and loses nothing, so ending is the safe answer. */
  private fail(error: unknown): void {
    this.deps.onError(error);
    this.close();
  }
}
