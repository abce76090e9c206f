import type { DialectMigration } from "../migration-dialect";

// The end a host set for the game (the game's clock, decisions/061): null, the pack's end.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable("games").addColumn("ends_at", "text").execute();
  },
  async down(db) {
    await db.schema.alterTable("games").dropColumn("ends_at").execute();
  },
});
