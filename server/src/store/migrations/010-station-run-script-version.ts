import type { DialectMigration } from "../migration-dialect";

// The version (a hash) of the script a run's saved state comes from; runs from before
// have none, and are checked against the script before they go on (game-service.ts).
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable("station_runs").addColumn("script_version", "text").execute();
  },
  async down(db) {
    await db.schema.alterTable("station_runs").dropColumn("script_version").execute();
  },
});
