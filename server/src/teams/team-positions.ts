import { TEAM_POSITION_TTL_S } from "@wegmarke/protocol";
import type { TeammatePosition } from "@wegmarke/protocol";
import type { Clock, Timer } from "../clock";
import type { PositionUpdate, SignalBus } from "../events/bus";
import { NO_TEXT, serverEvent } from "../events/sse";
import type { SseText } from "../events/sse";
import type { StreamHub } from "../events/stream-hub";
import { memberKey } from "../participants/member-key";

/**
 * Team members' shared positions (docs/decisions/024-team-positions.md). They live in memory
 * only, on every instance (each hears every update through the bus), and go two minutes after
 * their last update, when the member stops sharing, or when the member leaves the team. A
 * position reaches the other members' open streams of the team and nobody else.
 */

const TTL_MS = TEAM_POSITION_TTL_S * 1000;
/** A device that sends more often than this is answered 429 (the app sends every few seconds). */
export const MIN_SHARE_INTERVAL_MS = 1000;

type Shared = NonNullable<PositionUpdate["shared"]> & { member: string; heardAt: number };

/** A team's members who share now, as the operators' console shows them. */
export type SharedPositions = {
  stream: string;
  members: { name: string; latitude: number; longitude: number; accuracy?: number; age: number }[];
};

export type TeamPositionsDeps = {
  bus: SignalBus;
  clock: Clock;
  timer: Timer;
  /** The server's secret: members' keys are derived from it, so they do not name accounts. */
  secret: Buffer;
  /** This instance's open streams: each member's gets the others' positions. */
  streams: Pick<StreamHub, "sendTo">;
  /** A team's shared positions changed (the operators' console shows them). */
  onChange?: () => void;
};

export class TeamPositions {
  private readonly byStream = new Map<string, Map<number, Shared>>();
  private readonly lastShare = new Map<number, number>();
  private cancelSweep: (() => void) | undefined;

  constructor(private readonly deps: TeamPositionsDeps) {}

  /** Every instance, this one included, hears each update, and each member who left the team. */
  subscribeSignals(bus: SignalBus): void {
    bus.on("position", (update) => this.heard(update));
    bus.on("moved", ({ playerId }) => this.moved(playerId));
  }

  /**
   * A member of the team of `stream` shares `shared`, or stops sharing (undefined). False when
   * the same player shared less than MIN_SHARE_INTERVAL_MS ago (nothing changes then).
   */
  share(stream: string, playerId: number, shared: PositionUpdate["shared"]): boolean {
    const now = this.deps.clock.now().getTime();
    if (shared) {
      const last = this.lastShare.get(playerId);
      if (last !== undefined && now - last < MIN_SHARE_INTERVAL_MS) return false;
      this.lastShare.set(playerId, now);
    } else {
      this.lastShare.delete(playerId);
    }
    this.deps.bus.broadcast("position", { stream, playerId, ...(shared && { shared }) });
    return true;
  }

  /** An update, from this instance or another. */
  private heard({ stream, playerId, shared }: PositionUpdate): void {
    let team = this.byStream.get(stream);
    if (!shared) {
      if (!team?.delete(playerId)) return;
      if (team.size === 0) this.byStream.delete(stream);
    } else {
      if (!team) {
        team = new Map();
        this.byStream.set(stream, team);
      }
      const heardAt = this.deps.clock.now().getTime();
      const member = memberKey(this.deps.secret, stream, playerId);
      team.set(playerId, { ...shared, member, heardAt });
      this.armSweep();
    }
    this.sendTeam(stream);
  }

  /** The player plays as another participant now (left the team, or was deleted). */
  private moved(playerId: number): void {
    this.lastShare.delete(playerId);
    for (const [stream, team] of this.byStream) {
      if (!team.delete(playerId)) continue;
      if (team.size === 0) this.byStream.delete(stream);
      this.sendTeam(stream);
    }
  }

  /** Every team's members who share now, by team; the console's map shows them. */
  shared(): SharedPositions[] {
    const teams: SharedPositions[] = [];
    for (const stream of this.byStream.keys()) {
      const members = this.teammates(stream, undefined).map((member) => ({
        name: member.Name,
        latitude: member.Latitude,
        longitude: member.Longitude,
        ...(member.Accuracy !== undefined && { accuracy: member.Accuracy }),
        age: member.Age,
      }));
      if (members.length > 0) teams.push({ stream, members });
    }
    return teams;
  }

  /** What an opening stream of `stream` gets after its backlog: "" when no teammate shares. */
  openingEvent(stream: string, playerId: number): SseText {
    const members = this.teammates(stream, playerId);
    return members.length === 0 ? NO_TEXT : serverEvent("teampositions", { Members: members });
  }

  close(): void {
    this.cancelSweep?.();
    this.cancelSweep = undefined;
  }

  private sendTeam(stream: string): void {
    this.deps.streams.sendTo(stream, "teampositions", (owner) => ({
      Members: this.teammates(stream, owner?.playerId),
    }));
    this.deps.onChange?.();
  }

  /** The shared positions of the team but `playerId`'s own, by name. */
  private teammates(stream: string, playerId: number | undefined): TeammatePosition[] {
    const team = this.byStream.get(stream);
    if (!team) return [];
    const now = this.deps.clock.now().getTime();
    const members: TeammatePosition[] = [];
    for (const [id, shared] of team) {
      if (id === playerId || now - shared.heardAt >= TTL_MS) continue;
      members.push({
        Member: shared.member,
        Name: shared.name,
        Latitude: shared.latitude,
        Longitude: shared.longitude,
        ...(shared.accuracy !== undefined && { Accuracy: shared.accuracy }),
        Age: Math.max(0, Math.floor((now - shared.heardAt) / 1000)),
      });
    }
    return members.sort((a, b) => a.Name.localeCompare(b.Name) || a.Member.localeCompare(b.Member));
  }

  /** One timer for the whole process, set to the oldest position's expiry. */
  private armSweep(): void {
    if (this.cancelSweep) return;
    let oldest = Infinity;
    for (const team of this.byStream.values()) {
      for (const shared of team.values()) oldest = Math.min(oldest, shared.heardAt);
    }
    if (oldest === Infinity) return;
    const wait = Math.max(0, oldest + TTL_MS - this.deps.clock.now().getTime());
    this.cancelSweep = this.deps.timer(() => {
      this.cancelSweep = undefined;
      this.sweep();
    }, wait);
  }

  /** Drops expired positions and tells their teams. */
  private sweep(): void {
    const now = this.deps.clock.now().getTime();
    for (const [stream, team] of this.byStream) {
      let changed = false;
      for (const [playerId, shared] of team) {
        if (now - shared.heardAt < TTL_MS) continue;
        team.delete(playerId);
        this.lastShare.delete(playerId);
        changed = true;
      }
      if (team.size === 0) this.byStream.delete(stream);
      if (changed) this.sendTeam(stream);
    }
    this.armSweep();
  }
}
