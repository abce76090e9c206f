import type { Pool } from "pg";
import { LOAD_SQL, toState } from "./run-store";
import type { LoadedRow, RunAccess, RunState, RunStore, RunWrite, StreamState } from "./run-store";

/**
 * PostgreSQL: one round trip to read, one to write. The write is a single statement (so it
 * commits on its own) whose parts all depend on the version check of its first. It returns
 * once the commit is on disk, as every commit of the server does (`synchronous_commit`,
 * store.ts): its events go to the streams only then, so no crash takes back a reply a player
 * saw (decisions/026).
 */
const COMMIT_SQL = `with s as (
  update streams set version = version + 1, last_seq = $3
  where stream = $1 and version = $2
  returning stream
), r as (
  update station_runs set status = $5, ink_state = $6, awaiting = $7, points = $8,
    script_version = $19, updated_at = $9, wrong_answers = wrong_answers + $20,
    done_at = case when $5 = 'done' then coalesce(done_at, $9) else done_at end
  where stream = $1 and station_id = $4 and exists (select from s)
  returning 1
), p as (
  update participants set current_station = 0, updated_at = $9
  where stream = $1 and $10::boolean and exists (select from s)
  returning 1
), e as (
  insert into event_log (stream, seq, type, station_id, payload, created_at, retracted)
  select $1, t.seq, t.type, t.station_id, t.payload, $9, 0
  from unnest($11::int[], $12::text[], $13::int[], $14::text[]) as t(seq, type, station_id, payload)
  where exists (select from s)
  returning 1
), d as (
  delete from scheduled_messages
  where stream = $1 and station_id = $4 and kind = 'reminder' and $15::boolean
    and exists (select from s)
  returning 1
), a as (
  insert into scheduled_messages (stream, station_id, kind, due_at, payload)
  select $1, $4, t.kind, t.due_at, t.payload
  from unnest($16::text[], $17::text[], $18::text[]) as t(kind, due_at, payload)
  where exists (select from s)
  returning 1
)
select count(*)::int as ok from s`;

const SNAPSHOT_SQL = `select s.last_seq as "lastSeq", p.current_station as "currentStation",
  p.current_story as "currentStory",
  coalesce((select json_agg(json_build_object('stationId', r.station_id, 'status', r.status,
    'points', r.points)) from station_runs r where r.stream = s.stream), '[]') as runs,
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
      Omit<StreamState, "backlog"> & { backlog: [number, string, string][] }
    >({
      name: "wegmarke-stream-snapshot",
      text: SNAPSHOT_SQL,
      values: [stream, afterSeq],
    });
    const row = rows[0];
    if (!row) return undefined;
    const backlog = row.backlog.map(([seq, type, payload]) => ({ seq, type, payload }));
    return { ...row, backlog };
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
  const { run, events, agenda } = write;
  const { rows } = await db.query<{ ok: number }>({
    name: "wegmarke-run-commit",
    text: COMMIT_SQL,
    values: [
      write.stream,
      write.version,
      write.lastSeq,
      write.stationId,
      run.status,
      run.inkState,
      run.awaiting,
      run.points,
      write.at,
      write.leave,
      events.map((event) => event.seq),
      events.map((event) => event.type),
      events.map((event) => event.stationId),
      events.map((event) => event.payload),
      write.dropReminder,
      agenda.map((row) => row.kind),
      agenda.map((row) => row.dueAt),
      agenda.map((row) => row.payload),
      run.scriptVersion,
      run.wrong ? 1 : 0,
    ],
  });
  return rows[0]?.ok === 1;
}
