import type { DialectMigration } from "../migration-dialect";

// Web Push (decisions/040): the server's VAPID key pair, shared by every instance of the
// database; a device's subscription, which ends with its session (sign-out, deletion);
// news a host marked urgent.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("server_keys")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createTable("push_subscriptions")
      .addColumn("endpoint", "text", (c) => c.primaryKey())
      .addColumn("token_hash", "text", (c) =>
        c.notNull().references("sessions.token_hash").onDelete("cascade"),
      )
      .addColumn("player_id", "integer", (c) => c.notNull())
      .addColumn("p256dh", "text", (c) => c.notNull())
      .addColumn("auth", "text", (c) => c.notNull())
      .addColumn("news", "integer", (c) => c.notNull().defaultTo(0))
      .addColumn("created_at", "text", (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex("push_subscriptions_player")
      .on("push_subscriptions")
      .column("player_id")
      .execute();
    await db.schema
      .createIndex("push_subscriptions_token")
      .on("push_subscriptions")
      .column("token_hash")
      .execute();
    await db.schema
      .alterTable("news")
      .addColumn("urgent", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db) {
    await db.schema.alterTable("news").dropColumn("urgent").execute();
    await db.schema.dropTable("push_subscriptions").execute();
    await db.schema.dropTable("server_keys").execute();
  },
});
