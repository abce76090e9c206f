import { sql } from "kysely";
import type { DialectMigration } from "../migration-dialect";

// When a run was last cancelled, kept when the station is started again: the console's
// funnel counts a participant who cancelled once, and its feed shows the cancellation.
// A run cancelled before has its last change as the time.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable("station_runs").addColumn("cancelled_at", "text").execute();
    await sql`update station_runs set cancelled_at = updated_at where status = 'cancelled'`.execute(
      db,
    );
  },
  async down(db) {
    await db.schema.alterTable("station_runs").dropColumn("cancelled_at").execute();
  },
});
