import type { OpsInstance } from "@wegmarke/protocol";
import { systemTimer } from "../clock";
import type { Timer } from "../clock";
import type { PackState, Presence, SignalBus } from "../events/bus";
import { MAX_PAYLOAD_BYTES, encodeSignal } from "../events/signal-codec";
import type { Online } from "./figures";

/** An instance not heard of for this long has stopped (or lost its database connection). */
export const PRESENCE_TTL_MS = 30_000;
/** How often each instance tells the others its state, changed or not. */
export const PRESENCE_INTERVAL_MS = 10_000;
/** A change (a player's first stream opened, their last closed) goes out this soon at most. */
export const PRESENCE_CHANGE_MS = 1_000;
/** Room left in a notification for what the bus puts before a signal (`@<instance> `). */
const BUS_PREFIX_BYTES = 64;

export type PresenceBoardDeps = {
  instance: string;
  /** The machine's host name, for the operators. */
  host: string;
  /** This instance's open streams and the players who hold them. */
  local: () => { streams: number; players: ReadonlySet<number> };
  /** The content pack this instance runs. */
  pack: () => PackState;
  /** The studio's preview this instance runs, with its address for the others. */
  preview?: () => Presence["preview"];
  /** Where the others reach this instance (once it listens). */
  address?: () => string | undefined;
  /** The name of the folder of this instance's uploads under way (missions/upload-folder.ts). */
  uploads?: string;
  /** Sends a report to every instance (the bus); absent for an instance alone (SQLite). */
  send?: (presence: Presence) => void;
  /** Real time, not the game's clock: presence is about live processes. */
  now?: () => number;
  timer?: Timer;
};

type Other = {
  presence: Presence;
  players: ReadonlySet<number>;
  heardAt: number;
  /** The parts of a newer report that came so far. */
  pending?: { report: number; parts: (number[] | undefined)[] };
};

/**
 * Who is online across the deployment, and which instances run which content pack. Each
 * instance tells the others the players with a stream open on it (over the bus, in as many
 * parts as it takes) within a second of a change and every ten seconds; an instance not heard
 * of for 30 s is gone. A player counts once, on however many instances their streams are, and
 * goes offline with their last stream.
 */
export class PresenceBoard {
  private readonly others = new Map<string, Other>();
  private readonly startedAt: number;
  private report = 0;
  private lastSent = 0;
  private cancelSend: (() => void) | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private cached: ReadonlySet<number> | undefined;

  constructor(private readonly deps: PresenceBoardDeps) {
    this.startedAt = this.now();
  }

  get instance(): string {
    return this.deps.instance;
  }

  /** Every instance hears the others' reports (and its own, which it leaves aside). */
  subscribeSignals(bus: SignalBus): void {
    bus.on("presence", (report) => this.heard(report));
  }

  /** Starts telling the others (nothing without `send`): now, and every PRESENCE_INTERVAL_MS. */
  start(): void {
    if (!this.deps.send || this.heartbeat) return;
    this.sendNow();
    this.heartbeat = setInterval(() => this.sendNow(), PRESENCE_INTERVAL_MS).unref();
  }

  /** This instance's streams or pack changed: the others hear of it within a second. */
  changed(): void {
    this.cached = undefined;
    if (!this.deps.send || this.cancelSend) return;
    const wait = Math.max(0, this.lastSent + PRESENCE_CHANGE_MS - this.now());
    this.cancelSend = (this.deps.timer ?? systemTimer)(() => {
      this.cancelSend = undefined;
      this.sendNow();
    }, wait);
  }

  /**
   * A report (or a part of one) of another instance; this one's own come back over the bus and
   * are ignored. The players of a report in parts count once all its parts are in.
   */
  heard(presence: Presence): void {
    if (presence.instance === this.deps.instance) return;
    const heardAt = this.now();
    const other = this.others.get(presence.instance);
    // A newcomer (an instance, or a game's server that just started on one) hears this one's
    // report within a second, not at the next heartbeat: it may look for a preview here.
    if (!other) this.changed();
    if (other && presence.report <= other.presence.report) return;
    let pending = other?.pending;
    if (!pending || pending.report < presence.report) {
      pending = { report: presence.report, parts: Array.from({ length: presence.parts }) };
    }
    if (pending.report !== presence.report || presence.part >= pending.parts.length) return;
    pending.parts[presence.part] = presence.players;
    if (pending.parts.every((part) => part !== undefined)) {
      const players = new Set(pending.parts.flat());
      this.others.set(presence.instance, { presence, players, heardAt });
      this.cached = undefined;
    } else {
      // Alive, but its players are those of its last whole report until this one is whole.
      const players = other?.players ?? new Set<number>();
      this.others.set(presence.instance, {
        presence: other?.presence ?? { ...presence, report: -1 },
        players,
        heardAt,
        pending,
      });
    }
  }

  /** Every player with a stream open on any instance. */
  onlinePlayers(): ReadonlySet<number> {
    this.forgetSilent();
    if (this.cached) return this.cached;
    const players = new Set(this.deps.local().players);
    for (const other of this.others.values()) for (const id of other.players) players.add(id);
    this.cached = players;
    return players;
  }

  /** The address of the other instance that runs the preview `id`, if one does. */
  previewAt(id: string): string | undefined {
    this.forgetSilent();
    for (const { presence } of this.others.values()) {
      if (presence.preview?.id === id) return presence.preview.address;
    }
    return undefined;
  }

  /** Where the other instance that keeps the upload folder `keeper` is reached, if one does. */
  uploadsAt(keeper: string): string | undefined {
    this.forgetSilent();
    for (const { presence } of this.others.values()) {
      if (presence.uploads === keeper) return presence.address;
    }
    return undefined;
  }

  /** Open streams and players online, over every instance. */
  online(): Online {
    const players = this.onlinePlayers().size;
    let streams = this.deps.local().streams;
    for (const other of this.others.values()) streams += other.presence.streams;
    return { streams, players };
  }

  /** This instance and every other one heard of lately, in the order they started. */
  instances(): OpsInstance[] {
    this.forgetSilent();
    const own = this.head();
    const local = this.deps.local();
    const list = [
      describe({ ...own, streams: local.streams }, local.players.size),
      ...[...this.others.values()].map(({ presence, players }) => describe(presence, players.size)),
    ];
    return list.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.id.localeCompare(b.id));
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.cancelSend?.();
    this.cancelSend = undefined;
  }

  /** What this instance tells the others, split into parts that fit into a notification. */
  reports(): Presence[] {
    const { streams, players } = this.deps.local();
    const head = { ...this.head(), streams, report: ++this.report };
    // The room a part has for players: a notification less the head's own bytes and the
    // sender's name the bus puts before a signal.
    const room =
      MAX_PAYLOAD_BYTES -
      BUS_PREFIX_BYTES -
      signalBytes({ ...head, part: 9999, parts: 9999, players: [] });
    const parts: number[][] = [[]];
    let used = 0;
    for (const id of players) {
      const bytes = String(id).length + 1;
      if (used + bytes > room) {
        parts.push([]);
        used = 0;
      }
      parts.at(-1)?.push(id);
      used += bytes;
    }
    return parts.map((ids, part) => ({ ...head, part, parts: parts.length, players: ids }));
  }

  private head() {
    const { instance, host, uploads } = this.deps;
    const preview = this.deps.preview?.();
    const address = this.deps.address?.();
    return {
      instance,
      host,
      startedAt: this.startedAt,
      pack: this.deps.pack(),
      ...(address !== undefined && { address }),
      ...(uploads !== undefined && { uploads }),
      ...(preview && { preview }),
    };
  }

  private sendNow(): void {
    const send = this.deps.send;
    if (!send) return;
    this.lastSent = this.now();
    for (const part of this.reports()) send(part);
  }

  /** Drops the instances that fell silent. */
  private forgetSilent(): void {
    const now = this.now();
    for (const [instance, other] of this.others) {
      if (now - other.heardAt <= PRESENCE_TTL_MS) continue;
      this.others.delete(instance);
      this.cached = undefined;
    }
  }

  private now(): number {
    return (this.deps.now ?? Date.now)();
  }
}

const signalBytes = (presence: Presence) => Buffer.byteLength(encodeSignal("presence", presence));

function describe(
  presence: Pick<Presence, "instance" | "host" | "startedAt" | "streams" | "pack">,
  players: number,
): OpsInstance {
  const { reload } = presence.pack;
  return {
    id: presence.instance,
    host: presence.host,
    startedAt: new Date(presence.startedAt).toISOString(),
    streams: presence.streams,
    players,
    version: presence.pack.version,
    reload: reload
      ? { at: new Date(reload.at).toISOString(), ok: reload.ok, problems: reload.problems }
      : null,
  };
}
