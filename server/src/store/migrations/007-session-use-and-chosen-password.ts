import { sql } from "kysely";
import type { DialectMigration } from "../migration-dialect";

// Sessions end after a time without use (security/limits.ts); a password that is still
// the registration code asks for a chosen one. The 24-hour reset rule moved to rate_hits,
// where it counts per number whether or not an account has it.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable("sessions").addColumn("last_used_at", "text").execute();
    await db.schema.alterTable("players").addColumn("password_chosen_at", "text").execute();
    // Passwords of accounts from before cannot be told apart: they count as chosen.
    await sql`update players set password_chosen_at = created_at
      where password_hash is not null`.execute(db);
    await db.schema.alterTable("players").dropColumn("reset_sent_at").execute();
  },
  async down(db) {
    await db.schema.alterTable("players").addColumn("reset_sent_at", "text").execute();
    await db.schema.alterTable("players").dropColumn("password_chosen_at").execute();
    await db.schema.alterTable("sessions").dropColumn("last_used_at").execute();
  },
});
