import type { LogRow } from "../store/event-repository";
import { decodePresence, encodePresence } from "./presence-codec";
import type { Presence } from "./presence-codec";

export type { PackState, Presence } from "./presence-codec";

/**
 * News every instance must hear, its sender included: a player now plays as another participant
 * (their open streams end, rankings change), a player's account changed (sessions, team,
 * language: cached copies go), a station was scored, a message falls due at `at` (ms since the
 * epoch: every scheduler arms for it, so it goes out while any instance runs), the content
 * pack was reloaded on `instance` (every other instance reloads its own).
 */
export type BusSignal =
  | { kind: "moved"; playerId: number }
  | { kind: "account"; playerId: number }
  | { kind: "scored" }
  | { kind: "due"; at: number }
  | { kind: "news" }
  | { kind: "presence"; presence: Presence }
  | { kind: "activity"; activity: GameActivity }
  | { kind: "position"; update: PositionUpdate }
  | { kind: "reload"; instance: string };

/** Something a participant did that the operators' console shows as it happens. */
export type GameActivity = {
  kind: "activated" | "done" | "cancelled" | "story";
  stream: string;
  /** The station's id, or the story's for `story`. */
  id: number;
  /** `done`: the points reached. */
  points: number;
  /** ms since the epoch. */
  at: number;
};

/**
 * A team member shares a position (`shared`) or stops sharing (no `shared`). Every instance
 * keeps the team's shared positions in memory for its own streams of the team.
 */
export type PositionUpdate = {
  /** The team's stream. */
  stream: string;
  playerId: number;
  shared?: { name: string; latitude: number; longitude: number; accuracy?: number };
};

const ACTIVITY_KINDS: readonly GameActivity["kind"][] = ["activated", "done", "cancelled", "story"];

/**
 * What a stream's subscriber is told: the rows just committed (a stream that has sent
 * everything before them sends them as they are), or nothing: "read the log after your last id".
 */
export type Wake = (rows?: readonly LogRow[]) => void;

/**
 * Wakes the open streams of a participant after its events are committed. This instance's
 * streams get the committed rows in memory; other instances hear "stream S has news up to id N"
 * (with the rows when they fit) and read the log themselves when they need to, so a missed or
 * doubled wake-up costs a read, never an event. Signals travel the same way, and are hints as
 * well.
 */
export type EventBus = {
  /** After commit: hands `rows` (in id order) to the stream's subscribers on every instance. */
  publish(stream: string, rows: readonly LogRow[]): void;
  /** Calls `wake` on every publish of `stream` until the returned function is called. */
  subscribe(stream: string, wake: Wake): () => void;
  /** Sends `signal` to every instance's `onSignal` handler, this one's included. */
  broadcast(signal: BusSignal): void;
  /** The handler of every signal; set once, by the app. */
  onSignal(handler: (signal: BusSignal) => void): void;
  /**
   * The handler for "signals of other instances may have been lost" (the connection to them
   * broke and is back): the app re-reads what they could have told it. Set once, by the app.
   */
  onMissed(handler: () => void): void;
  /** Stops the bus; the app closes it after its last stream. */
  close(): Promise<void>;
};

/** A signal as a notification's payload; `!` sets it apart from stream keys. */
export function encodeSignal(signal: BusSignal): string {
  switch (signal.kind) {
    case "moved":
      return `!moved:${signal.playerId}`;
    case "account":
      return `!account:${signal.playerId}`;
    case "scored":
      return "!scored";
    case "due":
      return `!due:${signal.at}`;
    case "news":
      return "!news";
    case "presence":
      return `!presence:${encodePresence(signal.presence)}`;
    case "activity": {
      const { kind, stream, id, points, at } = signal.activity;
      return `!activity:${kind}:${stream}:${id}:${points}:${at}`;
    }
    case "position":
      return `!position:${JSON.stringify(signal.update)}`;
    case "reload":
      return `!reload:${signal.instance}`;
  }
}

/** The signal of a payload; undefined for a stream key or anything malformed. */
export function decodeSignal(payload: string): BusSignal | undefined {
  if (payload === "!scored") return { kind: "scored" };
  if (payload === "!news") return { kind: "news" };
  if (payload.startsWith("!presence:")) {
    const presence = decodePresence(payload.slice("!presence:".length));
    return presence && { kind: "presence", presence };
  }
  const reload = /^!reload:([\w-]{1,64})$/.exec(payload);
  if (reload) return { kind: "reload", instance: reload[1] ?? "" };
  const activity =
    /^!activity:([a-z]+):((?:player|team):\d{1,15}):(\d{1,15}):(\d{1,9}):(\d{1,15})$/.exec(payload);
  if (activity) {
    const [, kind, stream = "", id, points, at] = activity;
    const known = ACTIVITY_KINDS.find((k) => k === kind);
    if (!known) return undefined;
    return {
      kind: "activity",
      activity: { kind: known, stream, id: Number(id), points: Number(points), at: Number(at) },
    };
  }
  if (payload.startsWith("!position:")) return decodePosition(payload.slice("!position:".length));
  const match = /^!(moved|account|due):(\d{1,15})$/.exec(payload);
  if (!match) return undefined;
  const value = Number(match[2]);
  if (match[1] === "due") return { kind: "due", at: value };
  return { kind: match[1] === "moved" ? "moved" : "account", playerId: value };
}

function decodePosition(json: string): BusSignal | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== "object" || value === null) return undefined;
  const { stream, playerId, shared } = value as Record<string, unknown>;
  if (typeof stream !== "string" || !/^team:\d{1,15}$/.test(stream)) return undefined;
  if (typeof playerId !== "number" || !Number.isSafeInteger(playerId)) return undefined;
  if (shared === undefined) return { kind: "position", update: { stream, playerId } };
  if (typeof shared !== "object" || shared === null) return undefined;
  const { name, latitude, longitude, accuracy } = shared as Record<string, unknown>;
  if (typeof name !== "string" || !isFiniteNumber(latitude) || !isFiniteNumber(longitude)) {
    return undefined;
  }
  if (accuracy !== undefined && !isFiniteNumber(accuracy)) return undefined;
  return {
    kind: "position",
    update: {
      stream,
      playerId,
      shared: { name, latitude, longitude, ...(accuracy !== undefined && { accuracy }) },
    },
  };
}

const isFiniteNumber = (value: unknown): value is number =>
  typeof value === "number" && Number.isFinite(value);

/** The most a NOTIFY payload may hold, in bytes (PostgreSQL's limit is 8000). */
export const MAX_PAYLOAD_BYTES = 7900;

/** Rows committed on one instance, as the other instances hear of them. */
export type Announcement = {
  /** The instance that committed them: it delivered them to its own streams already. */
  instance: string;
  stream: string;
  /** Absent when they did not fit into one notification: the receiver reads the log. */
  rows?: LogRow[];
};

/**
 * `@instance stream [rows]`: the rows as `[seq, type, payload]` triples, left out when the
 * payload would not fit into one notification. Stream keys hold no space.
 */
export function encodeAnnouncement(instance: string, stream: string, rows: readonly LogRow[]) {
  const head = `@${instance} ${stream}`;
  const full = `${head} ${JSON.stringify(rows.map((row) => [row.seq, row.type, row.payload]))}`;
  return Buffer.byteLength(full) <= MAX_PAYLOAD_BYTES ? full : head;
}

/** The announcement of a payload; undefined for a signal or anything malformed. */
export function decodeAnnouncement(payload: string): Announcement | undefined {
  const match = /^@(\S+) (\S+)(?: (.+))?$/s.exec(payload);
  if (!match) return undefined;
  const [, instance = "", stream = "", rowsJson] = match;
  if (rowsJson === undefined) return { instance, stream };
  const rows = parseRows(rowsJson);
  return rows ? { instance, stream, rows } : { instance, stream };
}

function parseRows(json: string): LogRow[] | undefined {
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return undefined;
    const rows: LogRow[] = [];
    for (const item of value as unknown[]) {
      if (!Array.isArray(item)) return undefined;
      const [seq, type, payload] = item as unknown[];
      if (typeof seq !== "number" || typeof type !== "string" || typeof payload !== "string") {
        return undefined;
      }
      rows.push({ seq, type, payload });
    }
    return rows;
  } catch {
    return undefined;
  }
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
  let handler: ((signal: BusSignal) => void) | undefined;
  return {
    publish: (stream, rows) => subscribers.wake(stream, rows),
    subscribe: (stream, wake) => subscribers.add(stream, wake),
    broadcast: (signal) => handler?.(signal),
    onSignal: (next) => {
      handler = next;
    },
    // One process: it misses nothing.
    onMissed: () => undefined,
    close: () => Promise.resolve(),
  };
}
