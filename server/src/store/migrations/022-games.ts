import { sql } from "kysely";
import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from "kysely";
import type { DialectMigration, SchemaDialect } from "../migration-dialect";

// Games (decisions/054): an installation hosts many; every row that others hang from names
// its game, and what was unique in the installation is unique in the game (a phone number, a
// version's digest, a draft file's path). The rows of before become game 1's. No way back:
// a second game's rows would have nowhere to go.

/** The game of the rows of before, and of a row written without one. */
const FIRST_GAME = 1;

/** Tables that only gain the column; their keys stay as they are. */
const ADDED_TO = [
  "teams",
  "streams",
  "news",
  "submissions",
  "pack_releases",
  "pack_drafts",
  "operator_audit",
] as const;

/** Where a game's rows are listed from: the column first, then what they are listed by. */
const INDEXES: Record<string, string[]> = {
  teams: ["game_id"],
  streams: ["game_id"],
  news: ["game_id", "id"],
  submissions: ["game_id", "state", "created_at"],
  pack_releases: ["game_id", "id"],
  operator_audit: ["game_id", "id"],
};

const gameColumn = (c: ColumnDefinitionBuilder) =>
  c.notNull().defaultTo(FIRST_GAME).references("games.id");

export const migration: DialectMigration = (dialect) => ({
  async up(db) {
    if (dialect.dialect === "postgres") await upgrade(db, dialect);
    else await withoutForeignKeys(db, () => upgrade(db, dialect));
  },
});

async function upgrade(db: Kysely<unknown>, dialect: SchemaDialect): Promise<void> {
  await db.schema
    .createTable("games")
    .addColumn("id", "integer", dialect.id)
    .addColumn("name", "text", (c) => c.notNull().unique())
    // Null: the title of its live pack.
    .addColumn("title", "text")
    .addColumn("host", "text", (c) => c.unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("archived_at", "text")
    .execute();
  await sql`insert into games (id, name, created_at)
    values (${FIRST_GAME}, 'default', ${new Date().toISOString()})`.execute(db);
  await dialect.continueIds(db, "games");
  if (dialect.dialect === "postgres") await alterKeysOnPostgres(db);
  else await rebuildOnSqlite(db, dialect);
  for (const table of ADDED_TO) {
    await db.schema.alterTable(table).addColumn("game_id", "integer", gameColumn).execute();
  }
  for (const [table, columns] of Object.entries(INDEXES)) {
    await db.schema.createIndex(`${table}_game`).on(table).columns(columns).execute();
  }
  const unique = [
    ["players_phone", "players", "phone"],
    ["pack_versions_digest", "pack_versions", "digest"],
  ] as const;
  for (const [name, table, column] of unique) {
    await db.schema.createIndex(name).on(table).columns(["game_id", column]).unique().execute();
  }
}

/** PostgreSQL changes the keys in place, in the migration's transaction. */
async function alterKeysOnPostgres(db: Kysely<unknown>): Promise<void> {
  for (const table of ["players", "pack_versions", "pack_draft_files"]) {
    await db.schema.alterTable(table).addColumn("game_id", "integer", gameColumn).execute();
  }
  // The single-column unique keys, whatever the migration that made them named them.
  for (const table of ["players", "pack_versions"]) {
    const { rows } = await sql<{ name: string }>`select conname as name from pg_constraint
      where conrelid = ${table}::regclass and contype = 'u'`.execute(db);
    for (const { name } of rows) {
      await db.schema.alterTable(table).dropConstraint(name).execute();
    }
  }
  await db.schema.alterTable("pack_draft_files").dropConstraint("pack_draft_files_pkey").execute();
  await db.schema
    .alterTable("pack_draft_files")
    .addPrimaryKeyConstraint("pack_draft_files_pk", ["game_id", "path"])
    .execute();
}

/**
 * SQLite cannot drop a unique key or change a primary key: the three tables are built anew
 * with the game in their keys, their rows, ids and id sequence copied.
 */
async function rebuildOnSqlite(db: Kysely<unknown>, { id }: SchemaDialect): Promise<void> {
  await replaceTable(db, "players", (table) =>
    table
      .addColumn("id", "integer", id)
      .addColumn("story_id", "text", (c) => c.notNull())
      .addColumn("language", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("first_name", "text")
      .addColumn("phone", "text")
      .addColumn("password_hash", "text")
      .addColumn("verified_at", "text")
      .addColumn("team_id", "integer", (c) => c.references("teams.id"))
      .addColumn("password_chosen_at", "text")
      .addColumn("last_seen_at", "text")
      .addColumn("game_id", "integer", gameColumn),
  );
  await db.schema.createIndex("players_team").on("players").column("team_id").execute();
  await db.schema.createIndex("players_created").on("players").column("created_at").execute();
  await replaceTable(db, "pack_versions", (table) =>
    table
      .addColumn("id", "integer", id)
      .addColumn("digest", "text", (c) => c.notNull())
      .addColumn("files", "text", (c) => c.notNull())
      .addColumn("source", "text", (c) => c.notNull())
      .addColumn("author", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("game_id", "integer", gameColumn),
  );
  await replaceTable(db, "pack_draft_files", (table) =>
    table
      .addColumn("path", "text", (c) => c.notNull())
      .addColumn("hash", "text", (c) => c.references("pack_blobs.hash"))
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addColumn("updated_by", "text")
      .addColumn("game_id", "integer", gameColumn)
      .addPrimaryKeyConstraint("pack_draft_files_pk", ["game_id", "path"]),
  );
}

/**
 * Builds `table` anew as `columns` make it, `game_id` among them (game 1 for every row it
 * copies), and takes its name: the references of other tables to it then point to the new one.
 */
async function replaceTable(
  db: Kysely<unknown>,
  table: string,
  columns: (builder: CreateTableBuilder<string, never>) => CreateTableBuilder<string, never>,
): Promise<void> {
  const next = `${table}_next`;
  const created = columns(db.schema.createTable(next));
  await created.execute();
  const names = created.toOperationNode().columns.map((column) => column.column.column.name);
  const copied = sql.join(names.filter((name) => name !== "game_id").map((name) => sql.ref(name)));
  await sql`insert into ${sql.table(next)} (${copied}) select ${copied} from ${sql.table(table)}`.execute(
    db,
  );
  // Ids are never used twice, also those of rows deleted before.
  await sql`delete from sqlite_sequence where name = ${next}`.execute(db);
  await sql`insert into sqlite_sequence (name, seq)
    select ${next}, seq from sqlite_sequence where name = ${table}`.execute(db);
  await db.schema.dropTable(table).execute();
  await db.schema.alterTable(next).renameTo(table).execute();
}

/**
 * Runs `change` in one transaction with SQLite's foreign keys off (a table that others refer to
 * can be replaced only so), and refuses to commit a row whose reference leads nowhere.
 */
async function withoutForeignKeys(db: Kysely<unknown>, change: () => Promise<void>) {
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin`.execute(db);
    try {
      await change();
      const { rows } = await sql<{ table: string }>`pragma foreign_key_check`.execute(db);
      if (rows.length > 0) {
        throw new Error(`rows of ${rows[0]?.table ?? "?"} refer to rows that are gone`);
      }
      await sql`commit`.execute(db);
    } catch (error) {
      await sql`rollback`.execute(db);
      throw error;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
