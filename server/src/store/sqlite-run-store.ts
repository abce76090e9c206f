import type SqliteDatabase from "better-sqlite3";
import { CompiledQuery } from "kysely";
import type { Kysely } from "kysely";
import type { LogRow } from "./event-repository";
import type { OpenTransactions } from "./open-transactions";
import { SQLITE_LOAD_SQL, toState } from "./run-store";
import type { LoadedRow, RunAccess, RunState, RunStore, RunWrite, StreamState } from "./run-store";
import type { Database } from "./schema";
import { SUMMARY_FIELDS, UPDATE_FIELDS } from "./station-run-columns";
import { decodeColumns, encodeColumns, selectColumns, updateRunSql } from "./station-run-columns";
import type { StoredSummary } from "./station-run-columns";

/** Outcomes written per SQLite transaction at most; the rest go in the next one. */
const MAX_GROUP = 500;

const NONE: readonly number[] = [];

type Pending = { write: RunWrite; done: (ok: boolean) => void; fail: (error: unknown) => void };

/**
 * SQLite: reads on the one connection directly while no transaction is under way, else through
 * Kysely's connection after it (never inside another caller's open transaction); writes wait
 * for the next turn of the event loop and then go together in one transaction, so a thousand
 * answers a second share a few hundred commits; when one of them fails, each goes again alone.
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
    let outcomes: boolean[];
    try {
      outcomes = await this.inTransaction(() => group.map(({ write }) => apply(statements, write)));
    } catch (error) {
      if (group.length === 1) {
        for (const { fail } of group) fail(error);
        return;
      }
      // One write failed and the transaction undid them all: each goes again in a transaction
      // of its own, so only the failing one is lost.
      for (const { write, done, fail } of group) {
        try {
          const [ok] = await this.inTransaction(() => [apply(statements, write)]);
          done(ok === true);
        } catch (alone) {
          fail(alone);
        }
      }
      return;
    }
    for (const [i, { done }] of group.entries()) done(outcomes[i] === true);
  }

  /**
   * While no transaction is under way, the work runs at once on the connection, so nothing can
   * come in between; otherwise Kysely's transaction holds the connection.
   */
  private inTransaction(work: () => boolean[]): Promise<boolean[]> | boolean[] {
    if (this.open.none) return this.sqlite.transaction(work)();
    return this.open.during(() => this.db.transaction().execute(async () => work()));
  }
}

function readSnapshot(
  statements: ReturnType<typeof prepare>,
  stream: string,
  afterSeq: number,
): StreamState | undefined {
  const head = statements.snapshotHead.get(stream) as
    { lastSeq: number; currentStation: number; currentStory: number; awarded: number } | undefined;
  if (!head) return undefined;
  const runs = statements.snapshotRuns.all(stream) as StoredSummary[];
  return {
    ...head,
    runs: runs.map((run) => decodeColumns(run, SUMMARY_FIELDS)),
    doneStories: (statements.snapshotStories.pluck().all(stream) as number[]).map(Number),
    backlog: statements.snapshotBacklog.all(stream, afterSeq) as LogRow[],
  };
}

function prepare(sqlite: SqliteDatabase.Database) {
  return {
    load: sqlite.prepare(SQLITE_LOAD_SQL),
    snapshotHead: sqlite.prepare(
      `select s.last_seq as lastSeq, p.current_station as currentStation,
         p.current_story as currentStory,
         (select coalesce(sum(a.points), 0) from point_awards a where a.stream = s.stream)
           as awarded
       from streams s join participants p on p.stream = s.stream where s.stream = ?`,
    ),
    snapshotRuns: sqlite.prepare(
      `select ${selectColumns(SUMMARY_FIELDS, "r")} from station_runs r where r.stream = ?`,
    ),
    snapshotStories: sqlite.prepare("select story_id from story_states where stream = ?"),
    snapshotBacklog: sqlite.prepare(
      `select seq, type, payload from event_log
       where stream = ? and seq > ? and retracted = 0 order by seq`,
    ),
    stream: sqlite.prepare(
      "update streams set version = version + 1, last_seq = ? where stream = ? and version = ?",
    ),
    run: sqlite.prepare(updateRunSql(() => "?")),
    current: sqlite.prepare(
      "update participants set current_station = ?, updated_at = ? where stream = ?",
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
  const { stream, at, outcome } = write;
  if (statements.stream.run(write.lastSeq, stream, write.version).changes !== 1) return false;
  statements.run.run(encodeColumns(outcome.runs[0], UPDATE_FIELDS));
  if (outcome.currentStation !== undefined) {
    statements.current.run(outcome.currentStation, at, stream);
  }
  for (const event of outcome.events) {
    statements.event.run(stream, event.seq, event.type, event.stationId, event.payload, at);
  }
  for (const stationId of outcome.remindersDropped ?? NONE) {
    statements.dropReminder.run(stream, stationId);
  }
  for (const entry of outcome.agenda) {
    statements.schedule.run(stream, entry.stationId, entry.kind, entry.dueAt, entry.payload);
  }
  return true;
}
