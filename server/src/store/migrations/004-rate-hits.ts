import type { DialectMigration } from "../migration-dialect";

// The rate limits' hits (security/rate-limiter.ts, decisions/025).
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("rate_hits")
      .addColumn("rule", "text", (c) => c.notNull())
      .addColumn("key_hash", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .execute();
    // A limit reads a key's newest hits; the sweep deletes the expired ones.
    await db.schema
      .createIndex("rate_hits_key")
      .on("rate_hits")
      .columns(["rule", "key_hash", "at"])
      .execute();
    await db.schema.createIndex("rate_hits_expiry").on("rate_hits").column("expires_at").execute();
  },
  async down(db) {
    await db.schema.dropTable("rate_hits").execute();
  },
});
