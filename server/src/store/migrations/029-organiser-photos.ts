import type { DialectMigration } from "../migration-dialect";

// A photo a player sends with a message to the organisers (decisions/062): the kept copy and
// its thumbnail in a row beside the message, which goes with it (its stream, its player, its
// game); the message says it has one.
export const migration: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .alterTable("organiser_messages")
      .addColumn("photo", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable("organiser_photos")
      .addColumn("message_id", "integer", (c) =>
        c.primaryKey().references("organiser_messages.id").onDelete("cascade"),
      )
      .addColumn("photo", dialect.bytes, (c) => c.notNull())
      .addColumn("thumb", dialect.bytes, (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("organiser_photos").execute();
    await db.schema.alterTable("organiser_messages").dropColumn("photo").execute();
  },
});
