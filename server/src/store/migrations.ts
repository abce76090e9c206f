import { Migrator } from "kysely";
import type { Kysely, Migration, MigrationProvider } from "kysely";

/**
 * The schema's history, oldest first. Written in code (not discovered as files) so the
 * server runs from source without a build step. Never edit a migration that has shipped:
 * add the next one.
 */
const migrations: Record<string, Migration> = {
  "001-game-state": {
    async up(db) {
      await db.schema
        .createTable("players")
        .addColumn("id", "integer", (c) => c.primaryKey().autoIncrement())
        .addColumn("token_hash", "text", (c) => c.notNull().unique())
        .addColumn("story_id", "text", (c) => c.notNull())
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("streams")
        .addColumn("stream", "text", (c) => c.primaryKey())
        .addColumn("last_seq", "integer", (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable("participants")
        .addColumn("stream", "text", (c) =>
          c.primaryKey().references("streams.stream").onDelete("cascade"),
        )
        .addColumn("current_station", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("updated_at", "text", (c) => c.notNull())
        .execute();
      await db.schema
        .createTable("station_runs")
        .addColumn("stream", "text", (c) =>
          c.notNull().references("streams.stream").onDelete("cascade"),
        )
        .addColumn("station_id", "integer", (c) => c.notNull())
        .addColumn("status", "text", (c) => c.notNull())
        .addColumn("ink_state", "text", (c) => c.notNull())
        .addColumn("awaiting", "text", (c) => c.notNull())
        .addColumn("points", "integer", (c) => c.notNull().defaultTo(0))
        .addColumn("language", "text", (c) => c.notNull())
        .addColumn("updated_at", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("station_runs_pk", ["stream", "station_id"])
        .execute();
      await db.schema
        .createTable("event_log")
        .addColumn("stream", "text", (c) =>
          c.notNull().references("streams.stream").onDelete("cascade"),
        )
        .addColumn("seq", "integer", (c) => c.notNull())
        .addColumn("type", "text", (c) => c.notNull())
        .addColumn("station_id", "integer")
        .addColumn("payload", "text", (c) => c.notNull())
        .addColumn("created_at", "text", (c) => c.notNull())
        .addColumn("retracted", "integer", (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint("event_log_pk", ["stream", "seq"])
        .execute();
      // Cancelling a station retracts that station's rows of one stream.
      await db.schema
        .createIndex("event_log_station")
        .on("event_log")
        .columns(["stream", "station_id"])
        .execute();
    },
    async down(db) {
      for (const table of ["event_log", "station_runs", "participants", "streams", "players"]) {
        await db.schema.dropTable(table).execute();
      }
    },
  },
};

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema to the newest migration; throws when one fails. */
export async function migrateToLatest<T>(db: Kysely<T>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  if (error === undefined) return;
  const failed = results?.find((r) => r.status === "Error")?.migrationName ?? "unknown";
  throw new Error(`database migration ${failed} failed: ${String(error)}`, { cause: error });
}
