import type { DialectMigration } from "../migration-dialect";

// What the operators' console shows: when a run started and was done and how many of
// its answers the script refused, when a player's stream last opened or closed, and the
// news operators send to every player (text per language as JSON).
export const migration: DialectMigration = ({ id }) => ({
  async up(db) {
    await db.schema.alterTable("station_runs").addColumn("started_at", "text").execute();
    await db.schema.alterTable("station_runs").addColumn("done_at", "text").execute();
    await db.schema
      .alterTable("station_runs")
      .addColumn("wrong_answers", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.alterTable("players").addColumn("last_seen_at", "text").execute();
    await db.schema
      .createTable("news")
      .addColumn("id", "integer", id)
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("station_id", "integer")
      .addColumn("operator", "text")
      .addColumn("withdrawn_at", "text")
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("news").execute();
    await db.schema.alterTable("players").dropColumn("last_seen_at").execute();
    for (const column of ["wrong_answers", "done_at", "started_at"]) {
      await db.schema.alterTable("station_runs").dropColumn(column).execute();
    }
  },
});
