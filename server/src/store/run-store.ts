import type SqliteDatabase from "better-sqlite3";
import { CompiledQuery } from "kysely";
import type { Kysely } from "kysely";
import type { Pool } from "pg";
import type { Language } from "@wegmarke/protocol";
import type { Database, ScheduledKind, StationRunStatus } from "./schema";
import type { LogRow } from "./event-repository";
import type { OpenTransactions } from "./open-transactions";

/**
 * The answer path's storage (decisions/012-live-path.md): a turn reads what it needs of a stream
 * in one statement without locking it, steps the dialogue, and writes the outcome in one go,
 * but only while the stream's version is still the one it read. Another turn of the stream in
 * between (on another instance, or one that locked the stream) makes the write a no-op, and
 * the caller starts over. SQLite writes the outcomes of many turns in one transaction (group
 * commit); PostgreSQL writes each in a single statement.
 */
export type RunStore = RunAccess & {
  /**
   * What a stream that opens sends first, read consistently in one go: the participant's state
   * and the logged, unretracted events after `afterSeq`; undefined for no stream.
   */
  snapshot(stream: string, afterSeq: number): Promise<StreamState | undefined>;
  /**
   * Runs `work` with the stream locked, for a turn that lost the race once already: a turn
   * of another instance waits, so this one's write goes through.
   */
  exclusive<T>(stream: string, work: (access: RunAccess) => Promise<T>): Promise<T>;
};

export type RunAccess = {
  /** The stream with its current station and that station's run; undefined for no stream. */
  load(stream: string, stationId: number): Promise<RunState | undefined>;
  /** Writes the outcome; false (and nothing written) when the stream changed since `load`. */
  commit(write: RunWrite): Promise<boolean>;
};

/** A participant's state and its log after an id, as an opening stream needs them. */
export type StreamState = {
  lastSeq: number;
  currentStation: number;
  currentStory: number;
  runs: { stationId: number; status: StationRunStatus; points: number }[];
  doneStories: number[];
  backlog: LogRow[];
};

export type RunState = {
  version: number;
  lastSeq: number;
  currentStation: number;
  /** The station's run; undefined when the stream never started it. */
  run?: {
    status: StationRunStatus;
    inkState: string;
    /** The engine's Awaiting as JSON. */
    awaiting: string;
    points: number;
    language: Language;
  };
};

export type RunWrite = {
  stream: string;
  /** The version `load` read. */
  version: number;
  at: string;
  stationId: number;
  run: { status: StationRunStatus; inkState: string; awaiting: string; points: number };
  /** The station stops being the current one (it is done). */
  leave: boolean;
  /** The stream's new last id: that of the last event. */
  lastSeq: number;
  events: { seq: number; type: string; stationId: number | null; payload: string }[];
  /** The station's pending reminder goes (the player answered). */
  dropReminder: boolean;
  /** New rows of the station's agenda. */
  agenda: { kind: ScheduledKind; dueAt: string; payload: string | null }[];
};

type LoadedRow = {
  version: number;
  lastSeq: number;
  currentStation: number;
  status: StationRunStatus | null;
  inkState: string | null;
  awaiting: string | null;
  points: number | null;
  language: Language | null;
};

const LOAD_SQL = `select s.version, s.last_seq as "lastSeq", p.current_station as "currentStation",
  r.status, r.ink_state as "inkState", r.awaiting, r.points, r.language
from streams s
join participants p on p.stream = s.stream
left join station_runs r on r.stream = s.stream and r.station_id = $2
where s.stream = $1`;

/** SQLite numbers its parameters by position: the station comes first in the text. */
const SQLITE_LOAD_SQL = LOAD_SQL.replace("$2", "?").replace("$1", "?");

function toState(row: LoadedRow | undefined): RunState | undefined {
  if (!row) return undefined;
  const { version, lastSeq, currentStation, status, inkState, awaiting, points, language } = row;
  const run =
    status === null || inkState === null || awaiting === null || language === null
      ? undefined
      : { status, inkState, awaiting, points: points ?? 0, language };
  return { version, lastSeq, currentStation, ...(run && { run }) };
}

/** Outcomes written per SQLite transaction at most; the rest go in the next one. */
const MAX_GROUP = 500;

type Pending = { write: RunWrite; done: (ok: boolean) => void; fail: (error: unknown) => void };

/**
 * SQLite: reads on the one connection directly while no transaction is under way, else through
 * Kysely's connection after it (never inside another caller's open transaction); writes wait
 * for the next turn of the event loop and then go together, each in a savepoint of one
 * transaction, so a thousand answers a second share a few hundred commits.
 */
export class SqliteRunStore implements RunStore {
  private pending: Pending[] = [];
  private scheduled = false;
  private statements: ReturnType<typeof prepare> | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly sqlite: SqliteDatabase.Database,
    private readonly open: OpenTransactions,
  ) {}

  async load(stream: string, stationId: number): Promise<RunState | undefined> {
    if (this.open.none) {
      const statements = (this.statements ??= prepare(this.sqlite));
      return toState(statements.load.get(stationId, stream) as LoadedRow | undefined);
    }
    const { rows } = await this.db.executeQuery<LoadedRow>(
      CompiledQuery.raw(SQLITE_LOAD_SQL, [stationId, stream]),
    );
    return toState(rows[0]);
  }

  /**
   * Read on the connection in one go while no transaction is under way (so nothing comes in
   * between), else inside a transaction of Kysely's.
   */
  async snapshot(stream: string, afterSeq: number): Promise<StreamState | undefined> {
    const statements = (this.statements ??= prepare(this.sqlite));
    const read = () => readSnapshot(statements, stream, afterSeq);
    if (this.open.none) return read();
    return this.open.during(() => this.db.transaction().execute(async () => read()));
  }

  /** One instance owns a SQLite file, and turns of a stream already run one at a time in it. */
  exclusive<T>(_stream: string, work: (access: RunAccess) => Promise<T>): Promise<T> {
    return work(this);
  }

  commit(write: RunWrite): Promise<boolean> {
    return new Promise((done, fail) => {
      this.pending.push({ write, done, fail });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => void this.flush());
  }

  private async flush(): Promise<void> {
    this.scheduled = false;
    const group = this.pending.splice(0, MAX_GROUP);
    if (this.pending.length > 0) this.schedule();
    const statements = (this.statements ??= prepare(this.sqlite));
    const writeAll = () => group.map(({ write }) => applyInSavepoint(statements, write));
    try {
      // While no transaction is under way, the whole group runs at once on the connection,
      // so nothing can come in between; otherwise Kysely's transaction holds the connection.
      const outcomes = this.open.none
        ? this.sqlite.transaction(writeAll)()
        : await this.open.during(() => this.db.transaction().execute(async () => writeAll()));
      for (const [i, { done, fail }] of group.entries()) {
        const outcome = outcomes[i];
        if (outcome instanceof Error) fail(outcome);
        else done(outcome === true);
      }
    } catch (error) {
      for (const { fail } of group) fail(error);
    }
  }
}

/** One write in a savepoint of its own: a failure undoes it alone. */
function applyInSavepoint(
  statements: ReturnType<typeof prepare>,
  write: RunWrite,
): boolean | Error {
  statements.savepoint.run();
  try {
    const ok = apply(statements, write);
    statements.release.run();
    return ok;
  } catch (error) {
    statements.rollback.run();
    statements.release.run();
    return error instanceof Error ? error : new Error(String(error));
  }
}

function readSnapshot(
  statements: ReturnType<typeof prepare>,
  stream: string,
  afterSeq: number,
): StreamState | undefined {
  const head = statements.snapshotHead.get(stream) as
    { lastSeq: number; currentStation: number; currentStory: number } | undefined;
  if (!head) return undefined;
  return {
    ...head,
    runs: statements.snapshotRuns.all(stream) as StreamState["runs"],
    doneStories: (statements.snapshotStories.pluck().all(stream) as number[]).map(Number),
    backlog: statements.snapshotBacklog.all(stream, afterSeq) as LogRow[],
  };
}

function prepare(sqlite: SqliteDatabase.Database) {
  return {
    load: sqlite.prepare(SQLITE_LOAD_SQL),
    snapshotHead: sqlite.prepare(
      `select s.last_seq as lastSeq, p.current_station as currentStation,
         p.current_story as currentStory
       from streams s join participants p on p.stream = s.stream where s.stream = ?`,
    ),
    snapshotRuns: sqlite.prepare(
      "select station_id as stationId, status, points from station_runs where stream = ?",
    ),
    snapshotStories: sqlite.prepare("select story_id from story_states where stream = ?"),
    snapshotBacklog: sqlite.prepare(
      `select seq, type, payload from event_log
       where stream = ? and seq > ? and retracted = 0 order by seq`,
    ),
    savepoint: sqlite.prepare("savepoint run_write"),
    release: sqlite.prepare("release run_write"),
    rollback: sqlite.prepare("rollback to run_write"),
    stream: sqlite.prepare(
      "update streams set version = version + 1, last_seq = ? where stream = ? and version = ?",
    ),
    run: sqlite.prepare(
      `update station_runs set status = ?, ink_state = ?, awaiting = ?, points = ?, updated_at = ?
       where stream = ? and station_id = ?`,
    ),
    leave: sqlite.prepare(
      "update participants set current_station = 0, updated_at = ? where stream = ?",
    ),
    event: sqlite.prepare(
      `insert into event_log (stream, seq, type, station_id, payload, created_at, retracted)
       values (?, ?, ?, ?, ?, ?, 0)`,
    ),
    dropReminder: sqlite.prepare(
      "delete from scheduled_messages where stream = ? and station_id = ? and kind = 'reminder'",
    ),
    schedule: sqlite.prepare(
      `insert into scheduled_messages (stream, station_id, kind, due_at, payload)
       values (?, ?, ?, ?, ?)`,
    ),
  };
}

function apply(statements: ReturnType<typeof prepare>, write: RunWrite): boolean {
  const { stream, stationId, at, run } = write;
  if (statements.stream.run(write.lastSeq, stream, write.version).changes !== 1) return false;
  statements.run.run(run.status, run.inkState, run.awaiting, run.points, at, stream, stationId);
  if (write.leave) statements.leave.run(at, stream);
  for (const event of write.events) {
    statements.event.run(stream, event.seq, event.type, event.stationId, event.payload, at);
  }
  if (write.dropReminder) statements.dropReminder.run(stream, stationId);
  for (const row of write.agenda) {
    statements.schedule.run(stream, stationId, row.kind, row.dueAt, row.payload);
  }
  return true;
}

/**
 * PostgreSQL: one round trip to read, one to write. The write is a single statement (so it
 * commits on its own) whose parts all depend on the version check of its first. It commits
 * without waiting for the disk (synchronous_commit off for this transaction alone): a crash of
 * the database host may lose the last fraction of a second of answers, as with SQLite
 * (decisions/012-live-path.md), and none of the other writes.
 */
const COMMIT_SQL = `with s as (
  update streams set version = version + 1, last_seq = $3
  where stream = $1 and version = $2
  returning stream
), r as (
  update station_runs set status = $5, ink_state = $6, awaiting = $7, points = $8, updated_at = $9
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
select count(*)::int as ok, set_config('synchronous_commit', 'off', true) as durable_later from s`;

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
    ],
  });
  return rows[0]?.ok === 1;
}
