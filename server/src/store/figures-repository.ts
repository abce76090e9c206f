import { sql } from "kysely";
import type { CompiledQuery, Kysely } from "kysely";
import type { Dialect } from "../config";
import type { DoneRunRow, PlayerDirectoryRow, RecentActivityRow } from "./figure-rows";
import type { RunningRunRow } from "./figure-rows";
import type { StationEventRow, StationFigureRow, StationRunRow } from "./figure-rows";
import { streamOfGame } from "./game-streams";
import type { Database } from "./schema";
import type { SqliteReader } from "./sqlite-reader";

/**
 * What the operators' console reads: counts over the whole game (operator-views/), its own
 * rows only (decisions/054): its players and teams, and the rows of its streams. Reads only,
 * each a single statement. With SQLite they run on a read-only connection of a worker thread
 * (sqlite-reader.ts), so the answer path never waits for them.
 */
export class FiguresRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly game: number,
    private readonly reader?: SqliteReader,
  ) {}

  async counts(): Promise<{ players: number; registered: number; teams: number }> {
    const rows = await this.all<{ players: number; registered: number; teams: number }>(
      sql`select (select count(*) from players where game_id = ${this.game}) as players,
        (select count(*) from players where game_id = ${this.game} and verified_at is not null)
          as registered,
        (select count(*) from teams where game_id = ${this.game}) as teams`.compile(this.db),
    );
    const row = rows[0];
    // PostgreSQL answers counts as strings.
    return {
      players: Number(row?.players ?? 0),
      registered: Number(row?.registered ?? 0),
      teams: Number(row?.teams ?? 0),
    };
  }

  /**
   * Every station's runs (not the rows of stations a host closed before they were started); a
   * running one quiet since before `activeSince` (ISO 8601) is idle.
   */
  async stations(activeSince: string): Promise<StationFigureRow[]> {
    const seconds =
      this.dialect === "postgres"
        ? sql`extract(epoch from (done_at::timestamptz - started_at::timestamptz))`
        : sql`(julianday(done_at) - julianday(started_at)) * 86400.0`;
    const active = sql`status = 'active' and updated_at`;
    const rows = await this.all<Record<keyof StationFigureRow, number | string | null>>(
      sql`select station_id as "stationId", count(*) as runs,
        sum(case when ${active} >= ${activeSince} then 1 else 0 end) as running,
        sum(case when ${active} < ${activeSince} then 1 else 0 end) as idle,
        sum(case when status = 'done' then 1 else 0 end) as done,
        sum(case when cancelled_at is not null then 1 else 0 end) as cancelled,
        sum(wrong_answers) as "wrongAnswers",
        sum(hints_used) as "hintsUsed",
        avg(case when status = 'done' then ${seconds} end) as "averageSecondsToDone"
      from station_runs where ${streamOfGame(this.game)} and ink_state <> ''
      group by station_id`.compile(this.db),
    );
    // PostgreSQL answers sums and counts as strings.
    return rows.map((row) => ({
      stationId: Number(row.stationId),
      runs: Number(row.runs),
      running: Number(row.running ?? 0),
      idle: Number(row.idle ?? 0),
      done: Number(row.done ?? 0),
      cancelled: Number(row.cancelled ?? 0),
      wrongAnswers: Number(row.wrongAnswers ?? 0),
      hintsUsed: Number(row.hintsUsed ?? 0),
      averageSecondsToDone:
        row.averageSecondsToDone === null ? null : Number(row.averageSecondsToDone),
    }));
  }

  /**
   * The participants at their running station, at most `limit` ordered by `order`: quiet the
   * longest (`quiet`), or with the most wrong answers there (`wrong`).
   */
  async running(order: "quiet" | "wrong", limit: number): Promise<RunningRunRow[]> {
    const teamId = sql`cast(substr(r.stream, 6) as integer)`;
    const rows = await this.all<Record<keyof RunningRunRow, number | string | null>>(
      sql`select r.stream, r.station_id as "stationId", r.started_at as "startedAt",
        r.updated_at as "updatedAt", r.wrong_answers as "wrongAnswers",
        case when r.stream like 'team:%'
          then (select min(p.id) from players p where p.team_id = ${teamId})
          else cast(substr(r.stream, 8) as integer) end as "playerId"
      from station_runs r
      join participants s on s.stream = r.stream and s.current_station = r.station_id
      where r.status = 'active'
        and r.stream in (select stream from streams where game_id = ${this.game})
      order by ${order === "quiet" ? sql`r.updated_at asc` : sql`r.wrong_answers desc, r.updated_at asc`}
      limit ${limit}`.compile(this.db),
    );
    // A team without members has no one to open; PostgreSQL answers counts as strings.
    return rows.flatMap((row) =>
      row.playerId === null
        ? []
        : [
            {
              stream: String(row.stream),
              stationId: Number(row.stationId),
              startedAt: String(row.startedAt),
              updatedAt: String(row.updatedAt),
              wrongAnswers: Number(row.wrongAnswers ?? 0),
              playerId: Number(row.playerId),
            },
          ],
    );
  }

  /**
   * What participants did since `since` (ISO 8601), newest first, at most `limit`: the last
   * start, the end and the last cancellation of each run, and the stories opened.
   */
  async recentActivity(since: string, limit: number): Promise<RecentActivityRow[]> {
    const ofGame = streamOfGame(this.game);
    const rows = await this.all<RecentActivityRow>(
      sql`select * from (
        select 'activated' as kind, stream, station_id as id, 0 as points, started_at as at
          from station_runs where started_at >= ${since} and ${ofGame}
        union all select 'done', stream, station_id, points, done_at
          from station_runs where done_at >= ${since} and ${ofGame}
        union all select 'cancelled', stream, station_id, 0, cancelled_at
          from station_runs where cancelled_at >= ${since} and ${ofGame}
        union all select 'story', stream, story_id, 0, done_at
          from story_states where done_at >= ${since} and ${ofGame}
      ) as recent order by at desc limit ${limit}`.compile(this.db),
    );
    return rows.map((row) => ({ ...row, id: Number(row.id), points: Number(row.points) }));
  }

  async storiesOpened(): Promise<Map<number, number>> {
    const rows = await this.all<{ storyId: number; opened: number }>(
      this.db
        .selectFrom("storyStates")
        .select((eb) => ["storyId", eb.fn.countAll<number>().as("opened")])
        .where(streamOfGame(this.game))
        .groupBy("storyId")
        .compile(),
    );
    return new Map(rows.map((row) => [row.storyId, Number(row.opened)]));
  }

  /** Every player, oldest first. */
  players(): Promise<PlayerDirectoryRow[]> {
    return this.all(
      this.db
        .selectFrom("players")
        .select(["id", "firstName", "phone", "teamId", "lastSeenAt"])
        .where("gameId", "=", this.game)
        .orderBy("id")
        .compile(),
    );
  }

  /** The first name of every team's founder who has one. */
  async founderNames(): Promise<Map<number, string>> {
    const rows = await this.all<{ id: number; firstName: string | null }>(
      this.db
        .selectFrom("teams")
        .innerJoin("players", "players.id", "teams.founderId")
        .select(["teams.id", "players.firstName"])
        .where("teams.gameId", "=", this.game)
        .where("players.firstName", "is not", null)
        .compile(),
    );
    return new Map(rows.flatMap((row) => (row.firstName ? [[row.id, row.firstName]] : [])));
  }

  /** The current station of every participant that has one. */
  async currentStations(): Promise<Map<string, number>> {
    const rows = await this.all<{ stream: string; currentStation: number }>(
      this.db
        .selectFrom("participants")
        .select(["stream", "currentStation"])
        .where("currentStation", "<>", 0)
        .where(streamOfGame(this.game))
        .compile(),
    );
    return new Map(rows.map((row) => [row.stream, row.currentStation]));
  }

  /** Every finished station of every participant. */
  doneRuns(): Promise<DoneRunRow[]> {
    return this.all(
      this.db
        .selectFrom("stationRuns")
        .select(["stream", "stationId", "points", "startedAt", "doneAt"])
        .where("status", "=", "done")
        .where(streamOfGame(this.game))
        .compile(),
    );
  }

  /** Every run of every participant (cancelled ones too), by participant and station. */
  stationRuns(): Promise<StationRunRow[]> {
    return this.all(
      this.db
        .selectFrom("stationRuns")
        .select(["stream", "stationId", "status", "points", "wrongAnswers", "hintsUsed"])
        .select(["startedAt", "doneAt"])
        .where(streamOfGame(this.game))
        .orderBy("stream")
        .orderBy("stationId")
        .compile(),
    );
  }

  /**
   * The `webtext` events of every station that are not retracted and whose data names
   * `Originator` `user` (the players' echoed answers; the caller checks the parsed data), in
   * the order of each stream.
   */
  answerEchoes(): Promise<StationEventRow[]> {
    return this.all(
      this.db
        .selectFrom("eventLog")
        .select(["stream", "stationId", "payload"])
        .where("type", "=", "webtext")
        .where("retracted", "=", 0)
        .where("stationId", "is not", null)
        .where("payload", "like", '%"Originator":"user"%')
        .where(streamOfGame(this.game))
        .orderBy("stream")
        .orderBy("seq")
        .compile(),
    );
  }

  /** How many players play in each language. */
  async playersByLanguage(): Promise<Map<string, number>> {
    const rows = await this.all<{ language: string; players: number }>(
      this.db
        .selectFrom("players")
        .select((eb) => ["language", eb.fn.countAll<number>().as("players")])
        .where("gameId", "=", this.game)
        .groupBy("language")
        .compile(),
    );
    return new Map(rows.map((row) => [row.language, Number(row.players)]));
  }

  /** Every participant's points (finished stations and hosts' awards, at least 0) and stations. */
  async totals(): Promise<{ stream: string; points: number; stations: number }[]> {
    const rows = await this.all<{ stream: string; points: number; stations: number }>(
      sql`select stream, sum(points) as points, sum(done) as stations from (
          select stream, points, 1 as done from station_runs
            where status = 'done' and ${streamOfGame(this.game)}
          union all select stream, points, 0 from point_awards where game_id = ${this.game}
        ) s group by stream`.compile(this.db),
    );
    // PostgreSQL returns sums as strings.
    return rows.map((row) => ({
      stream: row.stream,
      points: Math.max(0, Number(row.points)),
      stations: Number(row.stations),
    }));
  }

  /** The stories each participant opened. */
  async openedStories(): Promise<Map<string, number[]>> {
    const rows = await this.all<{ stream: string; storyId: number }>(
      this.db
        .selectFrom("storyStates")
        .select(["stream", "storyId"])
        .where(streamOfGame(this.game))
        .orderBy("doneAt")
        .compile(),
    );
    const byStream = new Map<string, number[]>();
    for (const row of rows)
      byStream.set(row.stream, [...(byStream.get(row.stream) ?? []), row.storyId]);
    return byStream;
  }

  /** The rows of a query: on the reader's thread when there is one (keys in camelCase). */
  private async all<T>(query: CompiledQuery): Promise<T[]> {
    if (!this.reader) return (await this.db.executeQuery(query)).rows as T[];
    const rows = await this.reader.all(query.sql, query.parameters);
    return rows.map((row) => camelKeys(row) as T);
  }
}

/** `{station_id: 1}` as Kysely's CamelCasePlugin gives it: `{stationId: 1}`. */
function camelKeys(row: unknown): Record<string, unknown> {
  const entries = Object.entries(row as Record<string, unknown>);
  return Object.fromEntries(
    entries.map(([key, value]) => [
      key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
      value,
    ]),
  );
}
