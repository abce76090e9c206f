import type { Pool } from "pg";
import { LOAD_SQL, toState } from "./run-store";
import type { LoadedRow, RunAccess, RunState, RunStore, RunWrite, StreamState } from "./run-store";
import { SUMMARY_FIELDS, UPDATE_FIELDS } from "./station-run-columns";
import { columnOf, decodeColumns, encodeColumns, updateRunSql } from "./station-run-columns";
import type { StoredSummary } from "./station-run-columns";

/** COMMIT_SQL's parameters before the run's: the stream's, the events' and the agenda's. */
const FIXED_PARAMETERS = 14;
const NONE: readonly number[] = [];

/**
 * PostgreSQL: one round trip to read, one to write. The write is a single statement (so it
 * commits on its own) whose parts all depend on the version check of its first. It returns
 * once the commit is on disk, as every commit of the server does (`synchronous_commit`,
 * store.ts): its events go to the streams only then, so no crash takes back a reply a player
 * saw (decisions/026). The run's columns come from the column map (station-run-columns.ts).
 */
const COMMIT_SQL = `with s as (
  update streams set version = version + 1, last_seq = $3
  where stream = $1 and version = $2
  returning stream
), r as (
  ${updateRunSql((i) => `$${FIXED_PARAMETERS + 1 + i}`)}
    and exists (select from s)
  returning 1
), p as (
  update participants set current_station = $5, updated_at = $4
  where stream = $1 and $5::int is not null and exists (select from s)
  returning 1
), e as (
  insert into event_log (stream, seq, type, station_id, payload, created_at, retracted)
  select $1, t.seq, t.type, t.station_id, t.payload, $4, 0
  from unnest($6::int[], $7::text[], $8::int[], $9::text[]) as t(seq, type, station_id, payload)
  where exists (select from s)
  returning 1
), d as (
  delete from scheduled_messages
  where stream = $1 and station_id = any($10::int[]) and kind = 'reminder'
    and cardinality($10::int[]) > 0 and exists (select from s)
  returning 1
), a as (
  insert into scheduled_messages (stream, station_id, kind, due_at, payload)
  select $1, t.station_id, t.kind, t.due_at, t.payload
  from unnest($11::int[], $12::text[], $13::text[], $14::text[])
    as t(station_id, kind, due_at, payload)
  where exists (select from s)
  returning 1
)
select count(*)::int as ok from s`;

/** What a status needs of a run, as a JSON object under its field names. */
const SUMMARY_JSON = `json_build_object(${SUMMARY_FIELDS.map((f) => `'${f}', r.${columnOf(f)}`).join(", ")})`;

const SNAPSHOT_SQL = `select s.last_seq as "lastSeq", p.current_station as "currentStation",
  p.current_story as "currentStory",
  (select coalesce(sum(a.points), 0)::int from point_awards a where a.stream = s.stream)
    as awarded,
  coalesce((select json_agg(${SUMMARY_JSON}) from station_runs r where r.stream = s.stream), '[]')
    as runs,
  coalesce((select json_agg(t.story_id) from story_states t where t.stream = s.stream), '[]')
    as "doneStories",
  coalesce((select json_agg(json_build_array(e.seq, e.type, e.payload) order by e.seq)
    from event_log e where e.stream = s.stream and e.seq > $2 and e.retracted = 0), '[]')
    as backlog
from streams s join participants p on p.stream = s.stream
where s.stream = $1`;

/** A connection of the pool, or the pool itself: both run queries. */
type Queryable = Pick<Pool, "query">;

export class PostgresRunStore implements RunStore {
  private readonly access: RunAccess;

  constructor(private readonly pool: Pool) {
    this.access = postgresAccess(pool);
  }

  load(stream: string, stationId: number): Promise<RunState | undefined> {
    return this.access.load(stream, stationId);
  }

  /** One statement: it sees one snapshot of the database. */
  async snapshot(stream: string, afterSeq: number): Promise<StreamState | undefined> {
    const { rows } = await this.pool.query<
      Omit<StreamState, "backlog" | "runs"> & {
        runs: StoredSummary[];
        backlog: [number, string, string][];
      }
    >({
      name: "wegmarke-stream-snapshot",
      text: SNAPSHOT_SQL,
      values: [stream, afterSeq],
    });
    const row = rows[0];
    if (!row) return undefined;
    const runs = row.runs.map((run) => decodeColumns(run, SUMMARY_FIELDS));
    const backlog = row.backlog.map(([seq, type, payload]) => ({ seq, type, payload }));
    return { ...row, runs, backlog };
  }

  commit(write: RunWrite): Promise<boolean> {
    return this.access.commit(write);
  }

  async exclusive<T>(stream: string, work: (access: RunAccess) => Promise<T>): Promise<T> {
    const client = await this.pool.connect();
    try {
      await client.query("begin");
      await client.query("select from streams where stream = $1 for update", [stream]);
      const result = await work(postgresAccess(client));
      await client.query("commit");
      return result;
    } catch (error) {
      await client.query("rollback").catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }
}

function postgresAccess(db: Queryable): RunAccess {
  return {
    load: async (stream, stationId) => {
      const { rows } = await db.query<LoadedRow>({
        name: "wegmarke-run-load",
        text: LOAD_SQL,
        values: [stream, stationId],
      });
      return toState(rows[0]);
    },
    commit: (write) => commitPostgres(db, write),
  };
}

async function commitPostgres(db: Queryable, write: RunWrite): Promise<boolean> {
  const { events, agenda } = write.outcome;
  const { rows } = await db.query<{ ok: number }>({
    name: "wegmarke-run-commit",
    text: COMMIT_SQL,
    values: [
      write.stream,
      write.version,
      write.lastSeq,
      write.at,
      write.outcome.currentStation ?? null,
      events.map((event) => event.seq),
      events.map((event) => event.type),
      events.map((event) => event.stationId),
      events.map((event) => event.payload),
      write.outcome.remindersDropped ?? NONE,
      agenda.map((entry) => entry.stationId),
      agenda.map((entry) => entry.kind),
      agenda.map((entry) => entry.dueAt),
      agenda.map((entry) => entry.payload),
      ...encodeColumns(write.outcome.runs[0], UPDATE_FIELDS),
    ],
  });
  return rows[0]?.ok === 1;
}
