import type { DialectMigration } from "../migration-dialect";

// A participant's conversation with the game's organisers (organisers/): its messages, either
// side's; its state for the console's inbox; what each player has read of it. Everything goes
// with the participant's stream, a player's own messages and read mark with the player.
export const migration: DialectMigration = (dialect) => ({
  async up(db) {
    await db.schema
      .createTable("organiser_messages")
      .addColumn("id", "integer", dialect.id)
      .addColumn("game_id", "integer", (c) => c.notNull().references("games.id"))
      .addColumn("stream", "text", (c) =>
        c.notNull().references("streams.stream").onDelete("cascade"),
      )
      .addColumn("player_id", "integer", (c) => c.references("players.id").onDelete("cascade"))
      .addColumn("operator", "text")
      .addColumn("text", "text", (c) => c.notNull())
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("organiser_messages_stream")
      .on("organiser_messages")
      .columns(["stream", "id"])
      .execute();
    await db.schema
      .createTable("organiser_conversations")
      .addColumn("stream", "text", (c) =>
        c.primaryKey().references("streams.stream").onDelete("cascade"),
      )
      .addColumn("game_id", "integer", (c) => c.notNull().references("games.id"))
      .addColumn("last_id", "integer", (c) => c.notNull())
      .addColumn("last_at", "text", (c) => c.notNull())
      .addColumn("open", "integer", (c) => c.notNull())
      .addColumn("unread", "integer", (c) => c.notNull())
      .addColumn("answered_by", "text")
      .addColumn("host_read", "integer")
      .execute();
    await db.schema
      .createIndex("organiser_conversations_game")
      .on("organiser_conversations")
      .columns(["game_id", "open", "last_id"])
      .execute();
    await db.schema
      .createTable("organiser_reads")
      .addColumn("player_id", "integer", (c) =>
        c.primaryKey().references("players.id").onDelete("cascade"),
      )
      .addColumn("stream", "text", (c) => c.notNull())
      .addColumn("read_id", "integer", (c) => c.notNull())
      .execute();
  },
  async down(db) {
    await db.schema.dropTable("organiser_reads").execute();
    await db.schema.dropTable("organiser_conversations").execute();
    await db.schema.dropTable("organiser_messages").execute();
  },
});
