import type { DialectMigration } from "../migration-dialect";

// What an operator may do besides looking: `author`, `host`, both (comma-separated), or
// neither (a viewer). Operators from before could do everything, and keep it.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .alterTable("operators")
      .addColumn("roles", "text", (c) => c.notNull().defaultTo("author,host"))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable("operators").dropColumn("roles").execute();
  },
});
