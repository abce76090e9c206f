import { sql } from "kysely";
import type { ColumnDefinitionBuilder, Kysely, Migration } from "kysely";
import type { Dialect } from "../config";

/**
 * The few types and steps SQL spells differently, for the migrations of store/migrations/; on
 * SQLite the migrations create what they always created.
 */
export interface SchemaDialect {
  /** For a step that only one of them can take (SQLite rebuilds a table to change its keys). */
  dialect: Dialect;
  /**
   * An integer key the database assigns, never reused: SQLite's AUTOINCREMENT, a PostgreSQL
   * identity column ("by default": migration 002 copies players with their ids).
   */
  id: (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder;
  /** An 8-byte float: SQLite's REAL is one; PostgreSQL's real has only 4 bytes. */
  float: "double precision" | "real";
  /** Bytes: PostgreSQL's bytea, SQLite's blob. */
  bytes: "bytea" | "blob";
  /** After rows were copied with their ids, PostgreSQL's identity must continue after them. */
  continueIds: (db: Kysely<unknown>, table: string) => Promise<void>;
}

/** What a file of store/migrations/ exports as `migration`: its migration in the dialect. */
export type DialectMigration = (dialect: SchemaDialect) => Migration;

export function schemaDialect(dialect: Dialect): SchemaDialect {
  const postgres = dialect === "postgres";
  return {
    dialect,
    id: (c) =>
      postgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
    float: postgres ? "double precision" : "real",
    bytes: postgres ? "bytea" : "blob",
    continueIds: async (db, table) => {
      if (!postgres) return;
      await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce(max(id), 0) + 1, false)
        from ${sql.table(table)}`.execute(db);
    },
  };
}
