import type { DialectMigration } from "../migration-dialect";

// The game's first tables: players with their token, streams, participants, the runs of
// stations and the event log.
export const migration: DialectMigration = ({ id }) => ({
  async up(db) {
    await db.schema
      .createTable("players")
      .addColumn("id", "integer", id)
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
});
