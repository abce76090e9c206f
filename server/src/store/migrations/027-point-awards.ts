import type { DialectMigration } from "../migration-dialect";

// Points a host awards or takes from a participant, with the reason (the console's "Punkte
// vergeben"): they count in the participant's total and the scoreboard, and go with its stream.
export const migration: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable("point_awards")
      .addColumn("id", "integer", dialect.id)
      .addColumn("game_id", "integer", (c) => c.notNull().references("games.id"))
      .addColumn("stream", "text", (c) =>
        c.notNull().references("streams.stream").onDelete("cascade"),
      )
      .addColumn("points", "integer", (c) => c.notNull())
      .addColumn("reason", "text", (c) => c.notNull())
      .addColumn("operator", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("point_awards_stream")
      .on("point_awards")
      .columns(["stream", "id"])
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("point_awards").execute();
  },
});
