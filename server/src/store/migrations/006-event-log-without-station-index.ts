import type { DialectMigration } from "../migration-dialect";

// Every answer wrote a page of this index too. Cancelling a station (the one user) reads a
// stream's rows by the primary key's prefix instead: a few hundred rows at most.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.dropIndex("event_log_station").ifExists().execute();
  },
  async down(db) {
    await db.schema
      .createIndex("event_log_station")
      .on("event_log")
      .columns(["stream", "station_id"])
      .execute();
  },
});
