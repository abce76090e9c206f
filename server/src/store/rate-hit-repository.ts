import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Dialect } from "../config";
import type { Database, RateHitsTable } from "./schema";

/** A limit's key as stored: the rule's name and the key's hash. */
export type RateKey = { rule: string; keyHash: string };

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

  async add(hit: RateHitsTable): Promise<void> {
    await this.db.insertInto("rateHits").values(hit).execute();
  }

  /**
   * The time of the key's `n`-th newest hit after `since` (1 is the newest), or undefined when it
   * has fewer. One row, however many hits the key has: the index walks to it.
   */
  async nthNewest(
    rule: string,
    keyHash: string,
    since: string,
    n: number,
  ): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("rateHits")
      .select("at")
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .where("at", ">", since)
      .orderBy("at", "desc")
      .limit(1)
      .offset(n - 1)
      .executeTakeFirst();
    return row?.at;
  }

  /** Deletes one hit of the key at `at` (hits of one key at one time are all alike). */
  async removeOne({ rule, keyHash }: RateKey, at: string): Promise<void> {
    const row = this.dialect === "postgres" ? sql`ctid` : sql`rowid`;
    await sql`delete from rate_hits where ${row} in (
      select ${row} from rate_hits where rule = ${rule} and key_hash = ${keyHash} and at = ${at}
      limit 1)`.execute(this.db);
  }

  async clear(rule: string, keyHash: string): Promise<void> {
    await this.db
      .deleteFrom("rateHits")
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .execute();
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("rateHits").where("expiresAt", "<=", now).execute();
  }
}

/** A key's advisory lock: 64 bits of a SHA-256 of rule and key hash. */
function lockId({ rule, keyHash }: RateKey): bigint {
  return createHash("sha256").update(`${rule} ${keyHash}`).digest().readBigInt64BE(0);
}
