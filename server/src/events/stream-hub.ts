import type { PlayerStatus } from "@wegmarke/protocol";
import type { LogRow } from "../store/event-repository";
import type { EventBus } from "./bus";
import { chunkText, sharedChunk, sseEvent, sseKeepAlive, sseRetry } from "./sse";
import type { SharedChunk } from "./sse";

/** Where a stream's text goes: an HTTP response in production, an array in unit tests. */
export type SseSink = {
  /** Writes text, or text encoded once for many streams. */
  write(chunk: string | SharedChunk): void;
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
  /** Unlogged events to send after the backlog (the operators' news), as written. */
  trailer?: string;
};

/** Who holds a stream open: several players share a team's stream, one player has devices. */
export type StreamOwner = {
  playerId: number;
  /** The signed-in device (its token's hash): it may hold only a few streams. */
  session: string;
};

export type StreamHubDeps = {
  bus: EventBus;
  /** The stream's logged, unretracted events after an id, oldest first. */
  readAfter: (stream: string, seq: number) => Promise<LogRow[]>;
  onError: (error: unknown) => void;
  heartbeatMs?: number;
};

/**
 * No stream stays quiet longer than this: a comment line keeps proxies from closing it (their
 * idle timeouts are 55 to 100 s: nginx 60 s, AWS's load balancer 60 s, Heroku 55 s).
 */
const HEARTBEAT_MS = 30_000;
/**
 * The heartbeat visits one slice of the streams per tick, so 10,000 streams never get their
 * comment line in the same moment: a tick touches a sixtieth of them. Each slice is visited
 * twice per interval and gets the line when it was quiet for half of it.
 */
const HEARTBEAT_SLICES = 60;
/**
 * A stream whose reader lets this much pile up unsent has stopped reading (or reads far too
 * slowly): it is dropped, and the client resumes from its last id. A whole game's backlog is
 * well below it, so only a reader that stopped ever reaches it.
 */
export const MAX_BUFFERED_BYTES = 256 * 1024;
/**
 * Streams one signed-in device may hold open; opening another ends its oldest. A phone that
 * switched networks leaves connections behind that only a timeout would find dead.
 */
export const MAX_STREAMS_PER_SESSION = 4;
/**
 * A broadcast writes to this many streams, then lets the event loop run what waits (the
 * operator's answer, other streams' events) before the next ones: some 10 ms of writes.
 */
export const BROADCAST_SLICE = 1_000;
/**
 * `reconnectAll` asks each client to come back after a pause between these bounds (ms), drawn
 * at random: 10,000 streams come back over five seconds, not in one moment.
 */
export const RECONNECT_AFTER_MS = { min: 1_000, max: 6_000 };

const KEEP_ALIVE = sharedChunk(sseKeepAlive);

/** A broadcast under way: its text, the streams open when it began, the next one's index. */
type FanOut = { chunk: SharedChunk; targets: Connection[]; next: number };

/**
 * The open event streams of this process. Each sleeps until the bus hands it new rows (or
 * tells it to read the log after the last id it sent); a heartbeat spread over the interval
 * keeps idle ones alive.
 */
export class StreamHub {
  private readonly connections = new Set<Connection>();
  private readonly bySession = new Map<string, Connection[]>();
  private readonly byStream = new Map<string, Set<Connection>>();
  /** Broadcasts in order; the first is being written. */
  private readonly fanOuts: FanOut[] = [];
  private readonly slices: Set<Connection>[] = Array.from(
    { length: HEARTBEAT_SLICES },
    () => new Set(),
  );
  private nextSlice = 0;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Counts heartbeat ticks; a connection notes the tick of its last write. */
  tick = 0;

  constructor(private readonly deps: StreamHubDeps) {}

  get size(): number {
    return this.connections.size;
  }

  /**
   * Opens a stream: subscribes first, so a commit between the subscription and the snapshot
   * cannot go unnoticed, then writes the snapshot in the background. A device over its
   * stream limit loses its oldest stream. Returns the function that closes the stream (call it
   * when the client goes away).
   */
  connect(
    stream: string,
    sink: SseSink,
    snapshot: () => Promise<StreamSnapshot>,
    owner?: StreamOwner,
  ): () => void {
    const slice = this.slices[this.nextSlice] ?? new Set<Connection>();
    this.nextSlice = (this.nextSlice + 1) % HEARTBEAT_SLICES;
    const connection: Connection = new Connection(stream, owner, sink, this, this.deps, () =>
      this.remove(connection, slice),
    );
    this.connections.add(connection);
    slice.add(connection);
    const sameStream = this.byStream.get(stream) ?? new Set<Connection>();
    sameStream.add(connection);
    this.byStream.set(stream, sameStream);
    if (owner) this.limitSession(owner.session, connection);
    this.startHeartbeat();
    void connection.start(snapshot);
    return () => connection.close();
  }

  /** Distinct players with a stream open here (a scrape of the metrics asks, not the hot path). */
  playersOnline(): number {
    return this.playerIds().size;
  }

  /** The players with a stream open here (the operators' list asks, not the hot path). */
  playerIds(): Set<number> {
    const players = new Set<number>();
    for (const connection of this.connections) {
      if (connection.owner) players.add(connection.owner.playerId);
    }
    return players;
  }

  /** Whether one of the player's streams is open here. */
  hasPlayer(playerId: number): boolean {
    for (const connection of this.connections) {
      if (connection.owner?.playerId === playerId) return true;
    }
    return false;
  }

  /**
   * Ends a player's streams with a reconnect hint, except those of `current`: they joined a team
   * or were deleted, so their stream is another one now (or none) and the reconnect finds out
   * which. One opened on the new stream meanwhile stays.
   */
  disconnectPlayer(playerId: number, current?: string): void {
    for (const connection of this.connections) {
      if (connection.owner?.playerId === playerId && connection.stream !== current) {
        connection.close(sseRetry());
      }
    }
  }

  /**
   * Writes an unlogged event (the operators' news) to every stream open now: encoded once, one
   * socket write per stream, `BROADCAST_SLICE` streams per pass of the event loop, beginning
   * with the next pass (what the caller is doing, such as answering the operator, comes
   * first). Broadcasts go out one after another, so no stream gets an older one after a newer.
   * A stream still sending its snapshot gets it right after that; it carries no id, so it
   * cannot disturb the order of the logged events.
   */
  broadcast(text: string): void {
    this.fanOuts.push({ chunk: sharedChunk(text), targets: [...this.connections], next: 0 });
    if (this.fanOuts.length === 1) setImmediate(() => this.fanOut());
  }

  /**
   * Writes an unlogged event to the open streams of this process with the key `stream`: the
   * text `chunkFor` returns for each connection's owner, or nothing for null.
   */
  sendTo(stream: string, chunkFor: (owner: StreamOwner | undefined) => string | null): void {
    const open = this.byStream.get(stream);
    if (!open) return;
    for (const connection of open) {
      const chunk = chunkFor(connection.owner);
      if (chunk) connection.write(chunk);
    }
  }

  /**
   * Ends every stream with a reconnect hint spread over RECONNECT_AFTER_MS: each client comes
   * back to a fresh snapshot (status, backlog, news, teammates), found for the participant it
   * plays as now. For when this instance may have missed what other instances told it.
   */
  reconnectAll(): void {
    const { min, max } = RECONNECT_AFTER_MS;
    for (const connection of this.connections) {
      connection.close(sseRetry(min + Math.floor(Math.random() * (max - min))));
    }
  }

  /** Ends every stream with a reconnect hint (shutdown: clients come back to another instance). */
  closeAll(): void {
    for (const connection of this.connections) connection.close(sseRetry());
    this.stopHeartbeat();
  }

  /** Writes the next slice of the first broadcast, and comes back for the rest. */
  private fanOut(): void {
    const current = this.fanOuts[0];
    if (!current) return;
    const { chunk, targets } = current;
    const end = Math.min(current.next + BROADCAST_SLICE, targets.length);
    for (let i = current.next; i < end; i++) targets[i]?.write(chunk);
    current.next = end;
    if (end === targets.length) this.fanOuts.shift();
    if (this.fanOuts.length > 0) setImmediate(() => this.fanOut());
  }

  private limitSession(session: string, connection: Connection): void {
    const open = this.bySession.get(session) ?? [];
    open.push(connection);
    this.bySession.set(session, open);
    while (open.length > MAX_STREAMS_PER_SESSION) open[0]?.close(sseRetry());
  }

  private remove(connection: Connection, slice: Set<Connection>): void {
    this.connections.delete(connection);
    slice.delete(connection);
    const sameStream = this.byStream.get(connection.stream);
    sameStream?.delete(connection);
    if (sameStream?.size === 0) this.byStream.delete(connection.stream);
    const session = connection.owner?.session;
    const open = session === undefined ? undefined : this.bySession.get(session);
    if (session !== undefined && open) {
      open.splice(open.indexOf(connection), 1);
      if (open.length === 0) this.bySession.delete(session);
    }
    if (this.connections.size === 0) this.stopHeartbeat();
  }

  private startHeartbeat(): void {
    if (this.heartbeat) return;
    const interval = this.deps.heartbeatMs ?? HEARTBEAT_MS;
    this.heartbeat = setInterval(() => this.beat(), interval / (2 * HEARTBEAT_SLICES));
    this.heartbeat.unref();
  }

  /** Sends the comment line to the streams of this tick's slice that were quiet since its last visit. */
  private beat(): void {
    this.tick++;
    const slice = this.slices[this.tick % HEARTBEAT_SLICES];
    if (!slice) return;
    for (const connection of slice) {
      if (this.tick - connection.lastWriteTick >= HEARTBEAT_SLICES) connection.write(KEEP_ALIVE);
    }
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
  /** Unlogged text that came while the opening snapshot was on its way; it follows the snapshot. */
  private held: string[] | undefined = [];
  lastWriteTick: number;
  private readonly unsubscribe: () => void;

  constructor(
    readonly stream: string,
    readonly owner: StreamOwner | undefined,
    private readonly sink: SseSink,
    private readonly hub: StreamHub,
    private readonly deps: StreamHubDeps,
    private readonly onClose: () => void,
  ) {
    this.lastWriteTick = hub.tick;
    this.unsubscribe = deps.bus.subscribe(stream, (rows) => this.wake(rows));
  }

  async start(snapshot: () => Promise<StreamSnapshot>): Promise<void> {
    try {
      const { status, backlog, lastSeq, trailer = "" } = await snapshot();
      const held = this.held?.join("") ?? "";
      this.held = undefined;
      const head = sseRetry() + sseEvent("playerstatus", JSON.stringify(status));
      this.send(backlog, head, trailer + held);
      this.lastSent = Math.max(this.lastSent, lastSeq);
    } catch (error) {
      this.fail(error);
      return;
    }
    this.busy = false;
    if (this.pending && !this.closed) void this.drain();
  }

  /** Writes unlogged text (no id): now, or right after the opening snapshot while that is on its way. */
  write(chunk: string | SharedChunk): void {
    if (this.held) this.held.push(chunkText(chunk));
    else this.put(chunk);
  }

  /** Writes a chunk, unless the reader stopped reading: then the stream is dropped. */
  private put(chunk: string | SharedChunk): void {
    if (this.closed) return;
    if (this.sink.buffered() > MAX_BUFFERED_BYTES) {
      // The client reconnects after the `retry` it got first and resumes from its last id.
      this.close(undefined, true);
      return;
    }
    this.lastWriteTick = this.hub.tick;
    this.sink.write(chunk);
  }

  close(farewell?: string, abort = false): void {
    if (this.closed) return;
    if (farewell) this.sink.write(farewell);
    this.closed = true;
    this.unsubscribe();
    if (abort) this.sink.abort();
    else this.sink.end();
    this.onClose();
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
  private send(rows: readonly LogRow[], head = "", tail = ""): void {
    let chunk = head;
    for (const row of rows) {
      chunk += sseEvent(row.type, row.payload, row.seq);
      this.lastSent = row.seq;
    }
    chunk += tail;
    if (chunk !== "") this.put(chunk);
  }

  /** The client reconnects with its last id and loses nothing, so ending is the safe answer. */
  private fail(error: unknown): void {
    this.deps.onError(error);
    this.close();
  }
}
