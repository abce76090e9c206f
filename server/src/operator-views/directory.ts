import type {
  ExportSeparator,
  OpsExportQuery,
  OpsPlayer,
  OpsPlayersPage,
  OpsPlayersQuery,
} from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { anonymousPlayerName, teamName } from "../game/scoreboard/display-names";
import { streamOf } from "../participants/participant";
import type { PlayerDirectoryRow } from "../store/figure-rows";
import type { Repositories, StoreOf } from "../store/store";
import { csvFile, duration, localTimes, secondsBetween, turn } from "./csv";
import { stationsCsv } from "./station-export";

/** How long a search reuses the names read for the one before. */
const LIST_CACHE_MS = 5_000;

/** A player with the names the console shows and the stream they play on. */
type Listed = { row: PlayerDirectoryRow; name: string; team: string | null; stream: string };

/** A phone number as the console shows it: its last two digits only. */
export function maskedPhone(phone: string | null): string | null {
  return phone === null ? null : `••• ••• ${phone.slice(-2)}`;
}

/**
 * The operators' view of the players: the list with its search, and the export (operator-views/csv.ts;
 * the table per station: operator-views/station-export.ts). Names are those of the scoreboard
 * (game/scoreboard/display-names.ts): generated names exist only in code, so the search runs over every
 * player in memory (a few ms for ten thousand).
 */
export class PlayerDirectory {
  /**
   * The names of every player, kept a few seconds while their number stays: an operator types
   * several searches.
   */
  private cached: { at: number; players: number; listed: Promise<Listed[]> } | undefined;

  constructor(
    private readonly store: StoreOf<Pick<Repositories, "figures">>,
    private readonly pack: ContentPack,
    private readonly now: () => number = Date.now,
  ) {}

  /** Players whose name, team or id contains `q`, oldest first; `online`: those online. */
  async page(
    { q, limit, offset }: OpsPlayersQuery,
    online: ReadonlySet<number>,
  ): Promise<OpsPlayersPage> {
    const needle = q.toLocaleLowerCase("de");
    const matching = (await this.recentlyListed(await this.playerCount())).filter(
      ({ row, name, team }) =>
        needle === "" ||
        name.toLocaleLowerCase("de").includes(needle) ||
        (team?.toLocaleLowerCase("de").includes(needle) ?? false) ||
        String(row.id) === needle.replace(/^#/, ""),
    );
    const shown = matching.slice(offset, offset + limit);
    const { figures } = this.store.repos;
    const [current, totals] = await Promise.all([figures.currentStations(), figures.totals()]);
    const byStream = new Map(totals.map((total) => [total.stream, total]));
    const titles = new Map(this.pack.stations.map((s) => [s.id, s.texts.de.title]));
    const players = shown.map(({ row, name, team, stream }): OpsPlayer => {
      const stationId = current.get(stream);
      const total = byStream.get(stream);
      return {
        id: row.id,
        name,
        phone: maskedPhone(row.phone),
        team: row.teamId === null || team === null ? null : { id: row.teamId, name: team },
        currentStation:
          stationId === undefined
            ? null
            : { id: stationId, title: titles.get(stationId) ?? `#${stationId}` },
        points: total?.points ?? 0,
        stationsDone: total?.stations ?? 0,
        lastSeen: row.lastSeenAt,
        online: online.has(row.id),
      };
    });
    return { players, total: matching.length };
  }

  /** The export: one of its tables as CSV (operator-views/csv.ts), times in `timeZone`. */
  async export({ table, separator, timeZone }: OpsExportQuery): Promise<string> {
    const listed = await this.listed();
    if (table === "stations") {
      const players = listed.map(({ row, name, team, stream }) => ({
        id: row.id,
        name,
        team,
        stream,
      }));
      return stationsCsv(this.store, this.pack, players, { separator, timeZone });
    }
    return this.playersCsv(listed, separator, timeZone);
  }

  /**
   * Every player as one row: name, team, points, stations done, the time each station took,
   * the stories opened, when last seen. A team's members share its figures.
   */
  private async playersCsv(
    listed: Listed[],
    separator: ExportSeparator,
    timeZone: string,
  ): Promise<string> {
    const { figures } = this.store.repos;
    const [done, stories] = await Promise.all([figures.doneRuns(), figures.openedStories()]);
    const runs = new Map<string, Map<number, { points: number; seconds: number | null }>>();
    for (const [index, run] of done.entries()) {
      if (index % 5000 === 4999) await turn();
      const byStation = runs.get(run.stream) ?? new Map();
      byStation.set(run.stationId, {
        points: Number(run.points),
        seconds: secondsBetween(run.startedAt, run.doneAt),
      });
      runs.set(run.stream, byStation);
    }
    const stations = this.pack.stations;
    const storyTitles = new Map((this.pack.stories ?? []).map((s) => [s.id, s.headline.de]));
    const local = localTimes(timeZone);
    const lines = [
      [
        "id",
        "name",
        "team",
        "points",
        "stations done",
        ...stations.map((s) => `${s.texts.de.title} (time)`),
        "stories opened",
        `last seen (${timeZone})`,
      ],
    ];
    for (const [index, { row, name, team, stream }] of listed.entries()) {
      // Ten thousand rows take a while: other calls get their turn in between.
      if (index % 500 === 499) await turn();
      const byStation = runs.get(stream) ?? new Map();
      const points = [...byStation.values()].reduce((sum, run) => sum + run.points, 0);
      lines.push([
        String(row.id),
        name,
        team ?? "",
        String(points),
        String(byStation.size),
        ...stations.map((s) => {
          const run = byStation.get(s.id);
          if (!run) return "";
          return run.seconds === null ? "done" : duration(run.seconds);
        }),
        (stories.get(stream) ?? []).map((id) => storyTitles.get(id) ?? `#${id}`).join(" | "),
        local(row.lastSeenAt),
      ]);
    }
    return csvFile(lines, separator);
  }

  private async playerCount(): Promise<number> {
    return (await this.store.repos.figures.counts()).players;
  }

  private recentlyListed(players: number): Promise<Listed[]> {
    const now = this.now();
    const cached = this.cached;
    if (cached && cached.players === players && now - cached.at < LIST_CACHE_MS) {
      return cached.listed;
    }
    const listed = this.listed();
    this.cached = { at: now, players, listed };
    listed.catch(() => {
      if (this.cached?.listed === listed) this.cached = undefined;
    });
    return listed;
  }

  private async listed(): Promise<Listed[]> {
    const { figures } = this.store.repos;
    const [rows, founders] = await Promise.all([figures.players(), figures.founderNames()]);
    const listed: Listed[] = [];
    for (const [index, row] of rows.entries()) {
      if (index % 2000 === 1999) await turn();
      listed.push({
        row,
        name: row.firstName ?? anonymousPlayerName(row.id),
        team: row.teamId === null ? null : teamName(row.teamId, founders.get(row.teamId)),
        stream: streamOf(row),
      });
    }
    return listed;
  }
}
