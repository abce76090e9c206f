import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import SqliteDatabase from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { adminQuery, createTestSchema } from "../../test/support/postgres";
import { hashToken } from "../security/tokens";
import { migrationFiles } from "./migration-files";
import { migrationsOf } from "./migrations";
import { openStore } from "./store";
import type { Store } from "./store";

const MIGRATION_007 = "007-session-use-and-chosen-password";
const MIGRATION_008 = "008-phone-numbers-in-e164";
const MIGRATION_012 = "012-operator-password-chosen";
const MIGRATION_015 = "015-station-run-cancelled-at";

describe("the files of store/migrations/", () => {
  it("are every migration the runner knows, numbered 001, 002, … without a gap", async () => {
    const onDisk = (await readdir(new URL("./migrations/", import.meta.url))).sort();
    const known = Object.keys(migrationsOf(await migrationFiles(), "sqlite"));
    expect(known.map((name) => `${name}.ts`)).toEqual(onDisk);
    expect(known.map((name) => name.slice(0, 3))).toEqual(
      known.map((_, i) => String(i + 1).padStart(3, "0")),
    );
  });

  it("stop the start when one is missing, misnamed or exports no migration", () => {
    const file = { migration: () => ({ up: () => Promise.resolve() }) };
    const gap = { "001-first": file, "003-third": file };
    expect(() => migrationsOf(gap, "sqlite")).toThrow("003-third where 002-… was expected");
    const misnamed = { "001-first": file, "002_second": file };
    expect(() => migrationsOf(misnamed, "postgres")).toThrow("002_second where 002-…");
    expect(() => migrationsOf({ "001-first": {} }, "sqlite")).toThrow("exports no migration");
  });
});

/**
 * A database as the 001 schema left it: one player with the token hash in its own row, and the
 * game tables later migrations change.
 */
function databaseAt001(file: string): void {
  const db = new SqliteDatabase(file);
  db.exec(`
    create table players (id integer primary key autoincrement, token_hash text not null unique,
      story_id text not null, language text not null, created_at text not null);
    create table streams (stream text primary key, last_seq integer not null default 0);
    create table participants (stream text primary key references streams (stream) on delete cascade,
      current_station integer not null default 0, updated_at text not null);
    create table station_runs (stream text not null, station_id integer not null,
      status text not null, updated_at text not null, primary key (stream, station_id));
    create table kysely_migration (name varchar(255) not null primary key, timestamp varchar(255) not null);
    create table kysely_migration_lock (id varchar(255) not null primary key, is_locked integer default 0 not null);
    insert into kysely_migration values ('001-game-state', '2026-05-01T00:00:00.000Z');
    insert into players (token_hash, story_id, language, created_at)
      values ('${hashToken("old-token")}', 'marburg', 'en', '2026-05-01T10:00:00.000Z');
    insert into streams (stream, last_seq) values ('player:1', 4);
    insert into participants (stream, current_station, updated_at)
      values ('player:1', 2, '2026-05-01T10:00:00.000Z');
  `);
  db.close();
}

describe("migration 002", () => {
  it("moves each player's token into sessions, so signed-in players stay signed in", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
    const file = join(dir, "db.sqlite");
    databaseAt001(file);
    const store = openStore({ kind: "sqlite", file });
    await store.migrate();
    const player = await store.repos.players.findByTokenHash(hashToken("old-token"));
    expect(player).toMatchObject({ id: 1, storyId: "marburg", language: "en", phone: null });
    // New players continue after the old ids; sessions follow players on delete.
    const id = await store.repos.players.create({
      storyId: "marburg",
      language: "de",
      createdAt: "2026-05-02T10:00:00.000Z",
    });
    expect(id).toBe(2);
    await store.repos.players.delete(1);
    await store.close();
    const db = new SqliteDatabase(file, { readonly: true });
    expect(db.prepare("select count(*) from sessions").pluck().get()).toBe(0);
    db.close();
    await rm(dir, { recursive: true, force: true });
  });
});

describe("migration 003", () => {
  it("keeps each participant's current station and starts it without a current story", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
    const file = join(dir, "db.sqlite");
    databaseAt001(file);
    const store = openStore({ kind: "sqlite", file });
    await store.migrate();
    expect(await store.repos.participants.find("player:1")).toEqual({
      currentStation: 2,
      currentStory: 0,
    });
    expect(await store.repos.scheduled.nextDue()).toBeUndefined();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });
});

/** Numbers as they were stored before migration 008, and as they are after it. */
const OLD_PHONES = [
  ["00491711234567", "+491711234567"],
  ["00436641234567", "+436641234567"],
  ["0041791234567", "+41791234567"],
] as const;

/**
 * Players with numbers in the old form, on a database migrated up to 007, written as that
 * schema's code wrote them (`run` runs SQL on the table named `players`' place).
 */
async function playersBefore008(
  store: Store,
  run: (statement: (table: string) => string) => Promise<void>,
): Promise<void> {
  await store.migrate(MIGRATION_007);
  const insert = (phone: string) => (table: string) =>
    `insert into ${table} (story_id, language, created_at, phone)
     values ('marburg', 'de', '2026-05-01T10:00Z', ${phone === "" ? "null" : `'${phone}'`})`;
  for (const [phone] of OLD_PHONES) await run(insert(phone));
  await run(insert(""));
}

async function expectE164(store: Store): Promise<void> {
  for (const [old, e164] of OLD_PHONES) {
    expect(await store.repos.players.findByPhone(old)).toBeUndefined();
    expect(await store.repos.players.findByPhone(e164)).toMatchObject({ phone: e164 });
  }
  // The anonymous player keeps having no number.
  expect(await store.repos.players.find(OLD_PHONES.length + 1)).toMatchObject({ phone: null });
}

describe("migration 008", () => {
  it("stores the numbers of a SQLite database in E.164", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
    const file = join(dir, "db.sqlite");
    const store = openStore({ kind: "sqlite", file });
    await playersBefore008(store, async (statement) => {
      const sqlite = new SqliteDatabase(file);
      sqlite.exec(statement("players"));
      sqlite.close();
    });
    await store.migrate();
    await expectE164(store);
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("stores the numbers of a PostgreSQL database in E.164", async () => {
    const schema = await createTestSchema();
    const store = openStore(schema.database);
    try {
      await playersBefore008(store, async (statement) => {
        await adminQuery(statement(`${schema.name}.players`));
      });
      await store.migrate();
      await expectE164(store);
    } finally {
      await store.close();
      await schema.drop();
    }
  });
});

describe("migration 015", () => {
  it.each(["SQLite", "PostgreSQL"])(
    "dates the cancellation of a run cancelled before it (%s)",
    async (dialect) => {
      const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
      const schema = dialect === "PostgreSQL" ? await createTestSchema() : undefined;
      const store = openStore(schema?.database ?? { kind: "sqlite", file: join(dir, "db.sqlite") });
      try {
        await store.migrate("014-password-reset-used");
        const at = (minute: number) => `2026-05-01T10:${minute}0:00.000Z`;
        // The stream and its runs as the schema of 014 holds them, written without the code
        // of today.
        const streams = schema ? `${schema.name}.streams` : "streams";
        const stream = `insert into ${streams} (stream) values ('player:1')`;
        if (schema) await adminQuery(stream);
        else {
          const sqlite = new SqliteDatabase(join(dir, "db.sqlite"));
          sqlite.exec(stream);
          sqlite.close();
        }
        const table = schema ? `${schema.name}.station_runs` : "station_runs";
        const insert = `insert into ${table} (stream, station_id, status, ink_state, awaiting,
          points, language, started_at, updated_at)`;
        const runs = [
          [1, "cancelled", at(1)],
          [2, "active", at(2)],
        ] as const;
        for (const [stationId, status, updatedAt] of runs) {
          const awaiting = '{"answer":false,"buttons":[]}';
          const values: unknown[] = ["player:1", stationId, status, "{}", awaiting, 0, "de"];
          values.push("2026-05-01T10:00:00.000Z", updatedAt);
          if (schema) {
            await adminQuery(`${insert} values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, values);
          } else {
            const sqlite = new SqliteDatabase(join(dir, "db.sqlite"));
            sqlite.prepare(`${insert} values (?, ?, ?, ?, ?, ?, ?, ?, ?)`).run(values);
            sqlite.close();
          }
        }
        await store.migrate();
        const migrated = await store.repos.stationRuns.listByStream("player:1");
        expect(migrated.map((r) => [r.stationId, r.cancelledAt]).sort()).toEqual([
          [1, at(1)],
          [2, null],
        ]);
      } finally {
        await store.close();
        await schema?.drop();
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

describe("the migrations on PostgreSQL", () => {
  it("build the schema from empty, with identity ids, in the configured schema (not public)", async () => {
    const schema = await createTestSchema();
    const store = openStore(schema.database);
    try {
      await store.migrate();
      await store.migrate();
      const columns = await adminQuery<{ name: string }>(
        `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_identity as name
         from information_schema.columns
         where table_schema = $1 and table_name not like 'kysely%'
           and (column_name = 'id' or data_type = 'double precision')
         order by table_name, column_name`,
        [schema.name],
      );
      expect(columns.map((c) => c.name)).toEqual([
        "games.id integer YES",
        "media_progress.max_ratio double precision NO",
        "media_progress.seen_ratio double precision NO",
        "news.id integer YES",
        "operator_audit.id integer YES",
        "operators.id integer YES",
        "organiser_messages.id integer YES",
        "pack_drafts.id integer NO",
        "pack_releases.id integer YES",
        "pack_versions.id integer YES",
        "players.id integer YES",
        "point_awards.id integer YES",
        "readiness.id integer NO",
        "scheduled_messages.id integer YES",
        "submissions.id integer YES",
        "submissions.seconds double precision NO",
        "teams.id integer YES",
      ]);
      const applied = await adminQuery<{ name: string }>(
        `select name from ${schema.name}.kysely_migration order by name`,
      );
      expect(applied.map((m) => m.name)).toEqual([
        "001-game-state",
        "002-accounts-and-teams",
        "003-stories-media-schedule",
        "004-rate-hits",
        "005-stream-version",
        "006-event-log-without-station-index",
        MIGRATION_007,
        MIGRATION_008,
        "009-operators",
        "010-station-run-script-version",
        "011-game-figures-and-news",
        MIGRATION_012,
        "013-readiness",
        "014-password-reset-used",
        MIGRATION_015,
        "016-pack-versions",
        "017-operator-roles",
        "018-pack-draft",
        "019-submissions",
        "020-push",
        "021-read-marks",
        "022-games",
        "023-operator-games",
        "024-rate-hit-counts",
        "025-organisers",
        "026-hints-used",
        "027-point-awards",
        "028-game-end",
        "029-organiser-photos",
      ]);
      const count = (where: string, values: unknown[] = []) =>
        adminQuery<{ n: number }>(
          `select count(*)::int as n from information_schema.tables where ${where}`,
          values,
        ).then((rows) => rows[0]?.n);
      expect(await count("table_schema = $1", [schema.name])).toBe(41);
      expect(
        await count("table_schema = 'public' and table_name in ('players', 'kysely_migration')"),
      ).toBe(0);
    } finally {
      await store.close();
      await schema.drop();
    }
  });

  it("continue player ids after the players migration 002 copies", async () => {
    const schema = await createTestSchema();
    await adminQuery(`
      set search_path = ${schema.name};
      create table players (id integer generated by default as identity primary key,
        token_hash text not null unique, story_id text not null, language text not null,
        created_at text not null);
      create table streams (stream text primary key, last_seq integer not null default 0);
      create table participants (stream text primary key references streams (stream)
        on delete cascade, current_station integer not null default 0, updated_at text not null);
      create table station_runs (stream text not null, station_id integer not null,
        status text not null, updated_at text not null, primary key (stream, station_id));
      create table kysely_migration (name varchar(255) primary key, timestamp varchar(255) not null);
      insert into kysely_migration values ('001-game-state', '2026-05-01T00:00:00.000Z');
      insert into players (id, token_hash, story_id, language, created_at)
        values (7, '${hashToken("old-token")}', 'marburg', 'en', '2026-05-01T10:00:00.000Z');
    `);
    const store = openStore(schema.database);
    try {
      await store.migrate();
      expect(await store.repos.players.findByTokenHash(hashToken("old-token"))).toMatchObject({
        id: 7,
      });
      const id = await store.repos.players.create({
        storyId: "marburg",
        language: "de",
        createdAt: "2026-05-02T10:00:00.000Z",
      });
      expect(id).toBe(8);
    } finally {
      await store.close();
      await schema.drop();
    }
  });
});

describe("migration 012", () => {
  /** An operator made before the migration: its password is the command line's one-time one. */
  async function operatorFromBefore(store: Store): Promise<void> {
    await store.migrate("011-game-figures-and-news");
    await store.repos.operators.create("lena", "$argon2id$old", "2026-11-01T10:00:00.000Z");
    await store.migrate();
    const lena = await store.repos.operators.findByName("lena");
    expect(lena).toMatchObject({ name: "lena", passwordChosenAt: null });
    await store.repos.operators.choosePassword(lena?.id ?? 0, "$argon2id$new", "2026-11-26", "x");
    expect(await store.repos.operators.findByName("lena")).toMatchObject({
      passwordHash: "$argon2id$new",
      passwordChosenAt: "2026-11-26",
    });
  }

  it("makes the operators from before change their one-time password (SQLite)", async () => {
    const dir = await mkdtemp(join(tmpdir(), "wegmarke-migration-"));
    const store = openStore({ kind: "sqlite", file: join(dir, "db.sqlite") });
    try {
      await operatorFromBefore(store);
    } finally {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("makes the operators from before change their one-time password (PostgreSQL)", async () => {
    const schema = await createTestSchema();
    const store = openStore(schema.database);
    try {
      await operatorFromBefore(store);
    } finally {
      await store.close();
      await schema.drop();
    }
  });
});
