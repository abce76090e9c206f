import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Dialect } from "../config";
import type { Database, RateHitCountsTable } from "./schema";

/** A limit's key as stored: the rule's name and the key's hash. */
export type RateKey = { rule: string; keyHash: string };

/** One hit of a key: its time and when it leaves the window. */
export type RateHit = Omit<RateHitCountsTable, "hits">;

export class RateHitRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  /**
   * Inside a transaction: holds every other transaction that locks one of `keys` back until this
   * one ends, so counting a key's hits and adding one is a single step. PostgreSQL takes an
   * advisory lock per key, in one order (no two transactions wait for each other); SQLite has
   * one writer, whose transaction holds the connection anyway.
   */
  async lock(keys: RateKey[]): Promise<void> {
    if (this.dialect !== "postgres") return;
    const ids = [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    for (const id of ids) {
      await sql`select pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(this.db);
    }
  }

  /** Counts one hit of the key at `at` (hits of one key at one time share their row). */
  async add(hit: RateHit): Promise<void> {
    await this.db
      .insertInto("rateHitCounts")
      .values({ ...hit, hits: 1 })
      .onConflict((conflict) =>
        conflict
          .columns(["rule", "keyHash", "at"])
          .doUpdateSet({ hits: sql<number>`rate_hit_counts.hits + 1` }),
      )
      .execute();
  }

  /**
   * The time of the key's `n`-th newest hit after `since` (1 is the newest), or undefined when it
   * has fewer. Reads at most `n` rows (a row counts one hit or more) from the newest back.
   */
  async nthNewest(
    rule: string,
    keyHash: string,
    since: string,
    n: number,
  ): Promise<string | undefined> {
    const rows = await this.db
      .selectFrom("rateHitCounts")
      .select(["at", "hits"])
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .where("at", ">", since)
      .orderBy("at", "desc")
      .limit(n)
      .execute();
    let counted = 0;
    for (const { at, hits } of rows) {
      counted += hits;
      if (counted >= n) return at;
    }
    return undefined;
  }

  /** Takes back one hit of the key at `at`. */
  async removeOne({ rule, keyHash }: RateKey, at: string): Promise<void> {
    await this.db
      .updateTable("rateHitCounts")
      .set({ hits: sql<number>`hits - 1` })
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .where("at", "=", at)
      .execute();
    await this.db
      .deleteFrom("rateHitCounts")
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .where("at", "=", at)
      .where("hits", "<=", 0)
      .execute();
  }

  async clear(rule: string, keyHash: string): Promise<void> {
    await this.db
      .deleteFrom("rateHitCounts")
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("rateHitCounts").where("expiresAt", "<=", now).execute();
  }
}

/** A key's advisory lock: 64 bits of a SHA-256 of rule and key hash. */
function lockId({ rule, keyHash }: RateKey): bigint {
  return createHash("sha256").update(`${rule} ${keyHash}`).digest().readBigInt64BE(0);
}
