import type { DialectMigration } from "../migration-dialect";

// When an operator chose their password in the console. Null is a one-time password of
// the command line, to be changed at the next sign-in: so are those of every operator
// from before, who could not change it.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema.alterTable("operators").addColumn("password_chosen_at", "text").execute();
  },
  async down(db) {
    await db.schema.alterTable("operators").dropColumn("password_chosen_at").execute();
  },
});
