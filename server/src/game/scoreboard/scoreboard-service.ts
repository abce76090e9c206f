import type { ScoreboardEntry, ScoreboardResponse } from "@wegmarke/protocol";
import type { Clock } from "../../clock";
import type { SignalBus } from "../../events/bus";
import type { StreamTotal } from "../../store/station-run-repository";
import type { AwardTotal } from "../../store/point-award-repository";
import type { Repositories, StoreOf } from "../../store/store";
import { displayNames } from "./display-names";
import type { NameRepositories } from "./display-names";
import type { Participant } from "../../participants/participant";

type Scoreboard = ScoreboardResponse["value"];

/** Rows the scoreboard lists; the caller's own row comes on top of them. */
const TOP = 50;
/**
 * How old a ranking may get when nothing in this process invalidated it: the bound for changes
 * made by another instance (several instances come with PostgreSQL).
 */
const MAX_AGE_MS = 10_000;

type Ranked = StreamTotal & { rank: number };

/** One computed ranking, shared by every request until the scores change. */
type Ranking = {
  ranked: Ranked[];
  /** Index in `ranked` of each stream. */
  position: Map<string, number>;
  /** Names of the first TOP streams. */
  names: Map<string, string>;
  takenAt: number;
};

export type ScoreboardServiceDeps = {
  store: StoreOf<Pick<Repositories, "stationRuns" | "pointAwards"> & NameRepositories>;
  clock: Clock;
};

/**
 * The ranking of participants (players, and teams where the pack allows them) by points, see
 * docs/decisions/007-scoreboard.md. It is computed from the station runs with one grouped query
 * when a request finds it out of date, and kept in memory: every request between two changes
 * shares it, and concurrent requests share one computation.
 */
export class ScoreboardService {
  private ranking: Ranking | undefined;
  private computing: Promise<Ranking> | undefined;
  private outdated = true;

  constructor(private readonly deps: ScoreboardServiceDeps) {}

  /**
   * Scores or names changed on some instance (a station finished, a team formed, a player left),
   * or signals saying so may have been lost.
   */
  subscribeSignals(bus: SignalBus): void {
    bus.on("scored", () => this.invalidate());
    bus.on("moved", () => this.invalidate());
    bus.onMissed(() => this.invalidate());
  }

  /** Scores or names changed (a station finished, a team formed, a player left). */
  invalidate(): void {
    this.outdated = true;
  }

  /** The best TOP participants and the caller's own row. */
  async view(participant: Participant): Promise<Scoreboard> {
    const ranking = await this.current();
    const { stream } = participant;
    const entries = ranking.ranked
      .slice(0, TOP)
      .map((row) => entry(row, ranking.names.get(row.stream) ?? "", row.stream === stream));
    const index = ranking.position.get(stream);
    const listed = index === undefined ? undefined : entries[index];
    if (listed) return { entries, you: listed };
    const own = index === undefined ? undefined : ranking.ranked[index];
    const name = (await displayNames(this.deps.store.repos, [stream])).get(stream) ?? "";
    const you = own
      ? entry(own, name, true)
      : { rank: rankOf(ranking.ranked, 0), name, points: 0, stations: 0, isYou: true };
    return { entries, you };
  }

  private current(): Promise<Ranking> {
    const { ranking } = this;
    const age = ranking && this.deps.clock.now().getTime() - ranking.takenAt;
    if (ranking && !this.outdated && age !== undefined && age < MAX_AGE_MS) {
      return Promise.resolve(ranking);
    }
    this.computing ??= this.compute().finally(() => {
      this.computing = undefined;
    });
    return this.computing;
  }

  private async compute(): Promise<Ranking> {
    // Cleared first: a change while computing makes the next request compute again.
    this.outdated = false;
    try {
      const { repos } = this.deps.store;
      const [runs, awards] = [await repos.stationRuns.totals(), await repos.pointAwards.totals()];
      const ranked = rank(withAwards(runs, awards));
      const names = await displayNames(
        repos,
        ranked.slice(0, TOP).map((row) => row.stream),
      );
      const position = new Map(ranked.map((row, i) => [row.stream, i]));
      this.ranking = { ranked, position, names, takenAt: this.deps.clock.now().getTime() };
      return this.ranking;
    } catch (error) {
      this.outdated = true;
      throw error;
    }
  }
}

/**
 * The stations' totals with the hosts' awards added, never below 0: a participant with awards
 * alone is ranked too, with no station finished, reached when the last award came.
 */
export function withAwards(totals: StreamTotal[], awards: AwardTotal[]): StreamTotal[] {
  const byStream = new Map(totals.map((total) => [total.stream, total]));
  for (const { stream, points, lastAt } of awards) {
    const total = byStream.get(stream);
    byStream.set(
      stream,
      total
        ? { ...total, points: total.points + points }
        : { stream, points, stations: 0, reachedAt: lastAt },
    );
  }
  return [...byStream.values()].map((total) => ({ ...total, points: Math.max(0, total.points) }));
}

/**
 * Most points first; equal points share a rank (1, 2, 2, 4). Among them, more finished stations
 * first, then whoever got there first.
 */
export function rank(totals: StreamTotal[]): Ranked[] {
  const sorted = [...totals].sort(
    (a, b) =>
      b.points - a.points ||
      b.stations - a.stations ||
      a.reachedAt.localeCompare(b.reachedAt) ||
      a.stream.localeCompare(b.stream),
  );
  let previous: Ranked | undefined;
  return sorted.map((row, i) => {
    const ranked = { ...row, rank: previous?.points === row.points ? previous.rank : i + 1 };
    previous = ranked;
    return ranked;
  });
}

/** The rank `points` would have: one more than the count of rows with more points. */
function rankOf(ranked: Ranked[], points: number): number {
  let low = 0;
  let high = ranked.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((ranked[middle]?.points ?? 0) > points) low = middle + 1;
    else high = middle;
  }
  return low + 1;
}

function entry(row: Ranked, name: string, isYou: boolean): ScoreboardEntry {
  return { rank: row.rank, name, points: row.points, stations: row.stations, isYou };
}
