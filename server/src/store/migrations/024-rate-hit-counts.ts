import { sql } from "kysely";
import type { DialectMigration } from "../migration-dialect";

// A rate limit's hits are counted per key and time (`hits`), one row for the hits of one
// moment: a limit in the thousands (sign-ups per game) counts its hits in at most a hundred
// slots of its window (security/rate-limiter.ts), and a check reads at most that many rows
// instead of walking one index entry per hit. The hits of before are counted into their rows.
// No way down: 022 and 023 have none either.
export const migration: DialectMigration = () => ({
  async up(db) {
    await db.schema
      .createTable("rate_hit_counts")
      .addColumn("rule", "text", (c) => c.notNull())
      .addColumn("key_hash", "text", (c) => c.notNull())
      .addColumn("at", "text", (c) => c.notNull())
      .addColumn("hits", "integer", (c) => c.notNull())
      .addColumn("expires_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("rate_hit_counts_key", ["rule", "key_hash", "at"])
      .execute();
    await sql`insert into rate_hit_counts (rule, key_hash, at, hits, expires_at)
      select rule, key_hash, at, count(*), max(expires_at) from rate_hits
      group by rule, key_hash, at`.execute(db);
    await db.schema.dropTable("rate_hits").execute();
    await db.schema
      .createIndex("rate_hit_counts_expiry")
      .on("rate_hit_counts")
      .column("expires_at")
      .execute();
  },
});
