import type { DialectMigration } from "../migration-dialect";

// How many of a riddle's hints a run took (the player's tap or a host's), for the console's
// figures and the export.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable("station_runs")
      .addColumn("hints_used", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable("station_runs").dropColumn("hints_used").execute();
  },
});
