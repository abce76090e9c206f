import type { DialectMigration } from "../migration-dialect";

// Operators run the game: accounts of their own (not players), their console sessions
// (SHA-256 of the cookie's token) and the audit log of their changing calls. The log keeps
// the operator's name, not a reference: it outlives the operator.
export const migration: DialectMigration = ({ id }) => ({
  async up(db) {
    await db.schema
      .createTable("operators")
      .addColumn("id", "integer", id)
      .addColumn("name", "text", (c) => c.notNull().unique())
      .addColumn("password_hash", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("operator_sessions")
      .addColumn("token_hash", "text", (c) => c.primaryKey())
      .addColumn("operator_id", "integer", (c) =>
        c.notNull().references("operators.id").onDelete("cascade"),
      )
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("operator_audit")
      .addColumn("id", "integer", id)
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("via", "text", (c) => c.notNull())
      .addColumn("operator", "text")
      .addColumn("action", "text", (c) => c.notNull())
      .addColumn("detail", "text")
      .execute();
  },
  async down(db) {
    for (const table of ["operator_audit", "operator_sessions", "operators"]) {
      await db.schema.dropTable(table).execute();
    }
  },
});
