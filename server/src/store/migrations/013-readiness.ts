import type { DialectMigration } from "../migration-dialect";

// One row that `/readyz` rewrites: readiness includes a write (store.ts, checkWrite).
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("readiness")
      .addColumn("id", "integer", (c) => c.primaryKey())
      .addColumn("checked_at", "text", (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("readiness").execute();
  },
});
