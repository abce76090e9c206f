import type { OpsPlayer, OpsPlayersPage, OpsPlayersQuery } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { anonymousPlayerName, teamName } from "../game/display-names";
import { streamOf } from "../participants/participant";
import type { PlayerDirectoryRow } from "../store/figures-repository";
import type { Store } from "../store/store";

/** How long a search reuses the names read for the one before. */
const LIST_CACHE_MS = 5_000;

/** A player with the names the console shows and the stream they play on. */
type Listed = { row: PlayerDirectoryRow; name: string; team: string | null; stream: string };

/** A phone number as the console shows it: its last two digits only. */
export function maskedPhone(phone: string | null): string | null {
  return phone === null ? null : `••• ••• ${phone.slice(-2)}`;
}

/**
 * The operators' view of the players: the list with its search, and the export. Names are
 * those of the scoreboard (game/display-names.ts): generated names exist only in code, so the
 * search runs over every player in memory (a few ms for ten thousand).
 */
export class PlayerDirectory {
  /**
   * The names of every player, kept a few seconds while their number stays: an operator types
   * several searches.
   */
  private cached: { at: number; players: number; listed: Promise<Listed[]> } | undefined;

  constructor(
    private readonly store: Store,
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

  /**
   * Every player as one CSV row (RFC 4180, UTF-8 with a byte order mark, so spreadsheets read
   * the umlauts): name, team, points, stations done, the time each station took, the stories
   * opened. A team's members share its figures.
   */
  async csv(): Promise<string> {
    const { figures } = this.store.repos;
    const [listed, done, stories] = await Promise.all([
      this.listed(),
      figures.doneRuns(),
      figures.openedStories(),
    ]);
    const runs = new Map<string, Map<number, { points: number; seconds: number | null }>>();
    for (const [index, run] of done.entries()) {
      if (index % 5000 === 4999) await turn();
      const byStation = runs.get(run.stream) ?? new Map();
      byStation.set(run.stationId, { points: run.points, seconds: secondsBetween(run) });
      runs.set(run.stream, byStation);
    }
    const stations = this.pack.stations;
    const storyTitles = new Map((this.pack.stories ?? []).map((s) => [s.id, s.headline.de]));
    const header = [
      "id",
      "name",
      "team",
      "points",
      "stations done",
      ...stations.map((s) => `${s.texts.de.title} (time)`),
      "stories opened",
      "last seen",
    ];
    const lines = [header.map(csvCell).join(",")];
    for (const [index, { row, name, team, stream }] of listed.entries()) {
      // Ten thousand rows take a while: other calls get their turn in between.
      if (index % 500 === 499) await turn();
      const byStation = runs.get(stream) ?? new Map();
      const points = [...byStation.values()].reduce((sum, run) => sum + run.points, 0);
      const cells = [
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
        row.lastSeenAt ?? "",
      ];
      lines.push(cells.map(csvCell).join(","));
    }
    return `\uFEFF${lines.join("\r\n")}\r\n`;
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

/** Lets the event loop run what waits (answers of players) before going on. */
function turn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function secondsBetween(run: { startedAt: string | null; doneAt: string | null }): number | null {
  if (run.startedAt === null || run.doneAt === null) return null;
  return Math.max(0, Math.round((Date.parse(run.doneAt) - Date.parse(run.startedAt)) / 1000));
}

/** `h:mm:ss`, which spreadsheets read as a duration. */
export function duration(seconds: number): string {
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return `${h}:${String(m).padStart(2, "0")}:${String(s).padStart(2, "0")}`;
}

/**
 * One CSV field: quoted when it holds a comma, quote or line break; a field a spreadsheet would
 * run as a formula (a name like `=HYPERLINK(...)`) starts with an apostrophe instead.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}
