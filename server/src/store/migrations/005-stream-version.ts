import type { DialectMigration } from "../migration-dialect";

// Every turn that changes a stream's state counts it up: a turn that read the state
// without a lock writes only while the count is still the one it read (store/run-store.ts).
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable("streams")
      .addColumn("version", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable("streams").dropColumn("version").execute();
  },
});
