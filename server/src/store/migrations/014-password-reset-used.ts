import type { DialectMigration } from "../migration-dialect";

// A used reset link stays until it expires, so that opening it again says it was used.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable("password_resets").addColumn("used_at", "text").execute();
  },
  async down(db) {
    await db.schema.alterTable("password_resets").dropColumn("used_at").execute();
  },
});
