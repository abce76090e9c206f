import type { Kysely } from "kysely";
import type { Database, RateHitsTable } from "./schema";

export class RateHitRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async add(hit: RateHitsTable): Promise<void> {
    await this.db.insertInto("rateHits").values(hit).execute();
  }

  /** The times of the key's newest `limit` hits after `since`, newest first. */
  async newest(rule: string, keyHash: string, since: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("rateHits")
      .select("at")
      .where("rule", "=", rule)
      .where("keyHash", "=", keyHash)
      .where("at", ">", since)
      .orderBy("at", "desc")
      .limit(limit)
      .execute();
    return rows.map((row) => row.at);
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
