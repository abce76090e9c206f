import type { ServerEventMap } from "@wegmarke/protocol";
import { streamOf } from "../participants/participant";
import type { LogRow } from "../store/event-repository";
import type { EventBus, SignalBus } from "./bus";
import { serverEvent, sharedChunk, sseKeepAlive, sseRetry } from "./sse";
import type { SharedChunk } from "./sse";
import { Connection } from "./stream-connection";
import type { ConnectionDeps, SseSink, StreamOwner, StreamSnapshot } from "./stream-connection";

export { MAX_BUFFERED_BYTES } from "./stream-connection";
export type { SseSink, StreamOwner, StreamSnapshot } from "./stream-connection";

export type StreamHubDeps = {
  bus: EventBus;
  /** The stream's logged, unretracted events after an id, oldest first. */
  readAfter: (stream: string, seq: number) => Promise<LogRow[]>;
  onError: (error: unknown) => void;
  heartbeatMs?: number;
};

export type MovedStreamsDeps = {
  /** The player as the database holds it now; undefined once deleted. */
  findPlayer(playerId: number): Promise<{ id: number; teamId: number | null } | undefined>;
  onError(error: unknown): void;
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
  private tick = 0;
  private readonly connectionDeps: ConnectionDeps;

  constructor(private readonly deps: StreamHubDeps) {
    const { bus, readAfter, onError } = deps;
    this.connectionDeps = { bus, readAfter, onError, tick: () => this.tick };
  }

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
    const connection: Connection = new Connection(stream, owner, sink, this.connectionDeps, () =>
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
  broadcast<E extends keyof ServerEventMap>(event: E, payload: ServerEventMap[E]): void {
    const chunk = sharedChunk(serverEvent(event, payload));
    this.fanOuts.push({ chunk, targets: [...this.connections], next: 0 });
    if (this.fanOuts.length === 1) setImmediate(() => this.fanOut());
  }

  /**
   * Writes an unlogged event to the open streams of this process with the key `stream`: the
   * payload `payloadFor` returns for each connection's owner, or nothing for null.
   */
  sendTo<E extends keyof ServerEventMap>(
    stream: string,
    event: E,
    payloadFor: (owner: StreamOwner | undefined) => ServerEventMap[E] | null,
  ): void {
    const open = this.byStream.get(stream);
    if (!open) return;
    for (const connection of open) {
      const payload = payloadFor(connection.owner);
      if (payload !== null) connection.write(serverEvent(event, payload));
    }
  }

  /**
   * The open streams' part of the bus signals: a player who plays as another participant now
   * loses their streams here, and when other instances' signals may have been lost every
   * stream reopens to a fresh snapshot (decisions/026).
   */
  subscribeSignals(bus: SignalBus, deps: MovedStreamsDeps): void {
    bus.on("moved", ({ playerId }) => void this.endMovedStreams(playerId, deps));
    bus.onMissed(() => this.reconnectAll());
  }

  /**
   * Ends a player's open streams here that are not their participant's stream any more (they
   * joined a team, or were deleted): the signal may come late, so a stream opened on the new
   * participant meanwhile stays. The clients reconnect and find where they belong.
   */
  private async endMovedStreams(playerId: number, deps: MovedStreamsDeps): Promise<void> {
    if (!this.hasPlayer(playerId)) return;
    try {
      const player = await deps.findPlayer(playerId);
      this.disconnectPlayer(playerId, player && streamOf(player));
    } catch (error) {
      deps.onError(error);
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
