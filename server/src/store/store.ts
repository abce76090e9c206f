import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { CamelCasePlugin, Kysely, SqliteDialect, sql } from "kysely";
import type { Pool } from "pg";
import type { DatabaseConfig, Dialect } from "../config";
import { EventRepository } from "./event-repository";
import { OwnSchemaPostgresDialect } from "./postgres-dialect";
import { BlobRepository } from "./blob-repository";
import { PushRepository } from "./push-repository";
import { FiguresRepository } from "./figures-repository";
import { GameRepository } from "./game-repository";
import { readInBackground } from "./sqlite-reader";
import type { SqliteReader } from "./sqlite-reader";
import { MediaProgressRepository } from "./media-progress-repository";
import { migrateToLatest } from "./migrations";
import { ParticipantRepository } from "./participant-repository";
import { PasswordResetRepository } from "./password-reset-repository";
import { NewsRepository } from "./news-repository";
import { PackDraftRepository } from "./pack-draft-repository";
import { PackRepository } from "./pack-repository";
import { PlayerRepository } from "./player-repository";
import { RateHitRepository } from "./rate-hit-repository";
import { ReadMarksRepository } from "./read-marks-repository";
import { OpenTransactions } from "./open-transactions";
import { PointAwardRepository } from "./point-award-repository";
import { OrganiserRepository } from "./organiser-repository";
import { OperatorRepository } from "./operator-repository";
import { openPool } from "./postgres-pool";
import { PostgresRunStore } from "./postgres-run-store";
import { SqliteRunStore } from "./sqlite-run-store";
import { checkpointInBackground } from "./sqlite-checkpoints";
import { withStatementCache } from "./sqlite-statement-cache";
import type { Checkpoints } from "./sqlite-checkpoints";
import type { RunStore } from "./run-store";
import { ScheduledMessageRepository } from "./scheduled-message-repository";
import type { Database } from "./schema";
import { SessionRepository } from "./session-repository";
import { SmsCodeRepository } from "./sms-code-repository";
import { SubmissionRepository } from "./submission-repository";
import { StationRunRepository } from "./station-run-repository";
import { StoryStateRepository } from "./story-state-repository";
import { StreamRepository } from "./stream-repository";
import { TeamInvitationRepository } from "./team-invitation-repository";
import { TeamRepository } from "./team-repository";

/** How busy the database's connections are, for the metrics; `pool` only with PostgreSQL. */
export type DatabaseUse = {
  /** Transactions under way or waiting for the connection. */
  transactions: number;
  pool?: { total: number; idle: number; waiting: number };
};

export type Repositories = {
  games: GameRepository;
  players: PlayerRepository;
  sessions: SessionRepository;
  smsCodes: SmsCodeRepository;
  passwordResets: PasswordResetRepository;
  teams: TeamRepository;
  teamInvitations: TeamInvitationRepository;
  participants: ParticipantRepository;
  stationRuns: StationRunRepository;
  streams: StreamRepository;
  events: EventRepository;
  storyStates: StoryStateRepository;
  mediaProgress: MediaProgressRepository;
  scheduled: ScheduledMessageRepository;
  rateHits: RateHitRepository;
  operators: OperatorRepository;
  news: NewsRepository;
  figures: FiguresRepository;
  packs: PackRepository;
  drafts: PackDraftRepository;
  blobs: BlobRepository;
  push: PushRepository;
  submissions: SubmissionRepository;
  readMarks: ReadMarksRepository;
  organisers: OrganiserRepository;
  pointAwards: PointAwardRepository;
};

/**
 * What a service sees of the Store: the repositories it names (`R`, a `Pick<Repositories, …>`
 * of those its folder owns, eslint.table-owners.js), outside and inside a transaction. The
 * composition root hands on the one Store; the type narrows it.
 */
export type StoreOf<R> = {
  readonly repos: R;
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
};

/** The game of an installation's first rows (migration 022), and of a single-game server. */
export const FIRST_GAME = 1;

function repositories(
  db: Kysely<Database>,
  dialect: Dialect,
  game: number,
  reader?: SqliteReader,
): Repositories {
  return {
    games: new GameRepository(db),
    players: new PlayerRepository(db, game),
    sessions: new SessionRepository(db, game),
    smsCodes: new SmsCodeRepository(db, game),
    passwordResets: new PasswordResetRepository(db, game),
    teams: new TeamRepository(db, game),
    teamInvitations: new TeamInvitationRepository(db, game),
    participants: new ParticipantRepository(db),
    stationRuns: new StationRunRepository(db, game),
    streams: new StreamRepository(db, dialect, game),
    events: new EventRepository(db),
    storyStates: new StoryStateRepository(db),
    mediaProgress: new MediaProgressRepository(db),
    scheduled: new ScheduledMessageRepository(db, dialect, game),
    rateHits: new RateHitRepository(db, dialect),
    operators: new OperatorRepository(db, game),
    news: new NewsRepository(db, game),
    figures: new FiguresRepository(db, dialect, game, reader),
    packs: new PackRepository(db, game),
    drafts: new PackDraftRepository(db, game),
    blobs: new BlobRepository(db),
    submissions: new SubmissionRepository(db, game),
    push: new PushRepository(db, game),
    readMarks: new ReadMarksRepository(db, dialect),
    organisers: new OrganiserRepository(db, game),
    pointAwards: new PointAwardRepository(db, game),
  };
}

/**
 * The database behind the repositories: the only way services reach it. A Store reads and
 * writes one game's rows (`game`; `forGame` gives another game's over the same connections).
 */
export class Store {
  /** Repositories outside any transaction, for reads that need no consistent snapshot. */
  readonly repos: Repositories;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    /** The answer path's reads and writes (run-store.ts). */
    readonly runs: RunStore,
    /** Counts the transactions under way (SQLite: run-store.ts reads directly when none is). */
    private readonly open = new OpenTransactions(),
    /** SQLite's background checkpoints (sqlite-checkpoints.ts). */
    private readonly checkpoints?: Checkpoints,
    /** PostgreSQL's pool. */
    private readonly pool?: Pool,
    /** SQLite's read-only connection on a worker thread, for the console (sqlite-reader.ts). */
    private readonly reader?: SqliteReader,
    /** The game whose rows its repositories read and write. */
    readonly game: number = FIRST_GAME,
  ) {
    this.repos = repositories(db, dialect, game, reader);
  }

  /** The same database as another game's Store; closing either closes both. */
  forGame(game: number): Store {
    const { db, dialect, runs, open, checkpoints, pool, reader } = this;
    return new Store(db, dialect, runs, open, checkpoints, pool, reader, game);
  }

  /** Runs `work` in one transaction: everything it writes commits together or not at all. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T> {
    return this.open.during(() =>
      this.db.transaction().execute((trx) => work(repositories(trx, this.dialect, this.game))),
    );
  }

  /** Brings the schema up to date; a test stops at an older migration with `upTo`. */
  migrate(upTo?: string): Promise<void> {
    return migrateToLatest(this.db, this.dialect, upTo);
  }

  /**
   * PostgreSQL only: sends `payload` to every connection that LISTENs on `channel`. The
   * transaction of the NOTIFY writes nothing worth a wait for the disk, so it commits without.
   */
  async notify(channel: string, payload: string): Promise<void> {
    if (this.dialect !== "postgres") throw new Error("NOTIFY needs PostgreSQL");
    await sql`select set_config('synchronous_commit', 'off', true), pg_notify(${channel}, ${payload})`.execute(
      this.db,
    );
  }

  /** How busy the connections are now. */
  use(): DatabaseUse {
    const { pool } = this;
    return {
      transactions: this.open.size,
      ...(pool && {
        pool: { total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount },
      }),
    };
  }

  /** Throws unless the database answers. */
  async ping(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  /**
   * Throws unless the database takes a write: one row rewritten and committed. A full disk, a
   * read-only file or a lock nobody releases fail it; PostgreSQL gives it 2 s, SQLite its busy
   * timeout.
   */
  async checkWrite(at: Date): Promise<void> {
    const checkedAt = at.toISOString();
    await this.db.transaction().execute(async (trx) => {
      if (this.dialect === "postgres") await sql`set local statement_timeout = 2000`.execute(trx);
      await trx
        .insertInto("readiness")
        .values({ id: 1, checkedAt })
        .onConflict((oc) => oc.column("id").doUpdateSet({ checkedAt }))
        .execute();
    });
  }

  /**
   * After an erasure: SQLite overwrites deleted rows in the file itself (`secure_delete`);
   * this empties the WAL, which still holds pages from before. False when it stayed busy (the
   * next erasure tries again). PostgreSQL's autovacuum reclaims deleted rows on its own.
   */
  async scrub(): Promise<boolean> {
    return (await this.checkpoints?.truncate()) ?? true;
  }

  async close(): Promise<void> {
    await this.reader?.stop();
    await this.checkpoints?.stop();
    await this.db.destroy();
  }
}

/**
 * Opens the configured database; `migrate` brings its schema up to date. `onError` hears of
 * failures of what runs beside it (SQLite's background checkpoints).
 */
export function openStore(
  config: DatabaseConfig,
  onError: (message: string) => void = (message) => console.error(message),
): Store {
  return config.kind === "postgres" ? openPostgres(config.url) : openSqlite(config.file, onError);
}

function openPostgres(url: string): Store {
  const pool = openPool(url);
  const db = new Kysely<Database>({
    dialect: new OwnSchemaPostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return new Store(db, "postgres", new PostgresRunStore(pool), undefined, undefined, pool);
}

/**
 * Pages the WAL may hold before the server's own connection checkpoints it: only when the
 * background checkpoints fall far behind (sqlite-checkpoints.ts).
 */
const WAL_BACKSTOP_PAGES = 10_000;

function openSqlite(file: string, onError: (message: string) => void): Store {
  const inMemory = file === ":memory:";
  if (!inMemory) mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL: readers (a backup, a second process) never block the writer, and commits are cheap.
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma(`wal_autocheckpoint = ${WAL_BACKSTOP_PAGES}`);
  // A commit is durable against a crash of the process at once, and against a power cut once
  // the background checkpoint (each second) has synced it: the server never waits for a disk.
  sqlite.pragma("synchronous = NORMAL");
  // 64 MB of pages: 10,000 players' runs and recent events stay in memory.
  sqlite.pragma("cache_size = -65536");
  // Deleted rows are overwritten with zeros: an erased player's name and number stay
  // nowhere in the file's free space.
  sqlite.pragma("secure_delete = ON");
  const checkpoints = inMemory
    ? undefined
    : checkpointInBackground(file, (message) => onError(`SQLite checkpoint: ${message}`));
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
  const open = new OpenTransactions();
  const reader = inMemory ? undefined : readInBackground(file);
  const runs = new SqliteRunStore(db, sqlite, open);
  return new Store(db, "sqlite", runs, open, checkpoints, undefined, reader);
}
