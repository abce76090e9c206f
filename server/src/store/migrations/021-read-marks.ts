import type { DialectMigration } from "../migration-dialect";

// What a player has read of the stream they play on (protocol's readMarksSchema as JSON),
// kept with the account: one row per player, replaced when the stream changes.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("read_marks")
      .addColumn("player_id", "integer", (c) =>
        c.primaryKey().references("players.id").onDelete("cascade"),
      )
      .addColumn("stream", "text", (c) => c.notNull())
      .addColumn("marks", "text", (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("read_marks").execute();
  },
});
