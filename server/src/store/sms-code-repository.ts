import type { Kysely, Selectable } from "kysely";
import type { Database, SmsCodesTable } from "./schema";

export type SmsCodeRow = Selectable<SmsCodesTable>;

/**
 * The pending registration code of each player. A code belongs to the game of its player; the
 * sweep deletes the game's only (decisions/054).
 */
export class SmsCodeRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /** Stores the player's new code; an older one stops working. */
  async replace(code: SmsCodeRow): Promise<void> {
    const { codeHash, expiresAt, failedTries } = code;
    await this.db
      .insertInto("smsCodes")
      .values(code)
      .onConflict((oc) => oc.column("playerId").doUpdateSet({ codeHash, expiresAt, failedTries }))
      .execute();
  }

  find(playerId: number): Promise<SmsCodeRow | undefined> {
    return this.db
      .selectFrom("smsCodes")
      .selectAll()
      .where("playerId", "=", playerId)
      .executeTakeFirst();
  }

  /**
   * Counts an entry of the player's code as a try, while fewer than `maxTries` were counted;
   * answers the code, or undefined when it has no tries left (or there is none). One statement:
   * entries that arrive together, on any instance, cannot overdraw the tries.
   */
  countTry(playerId: number, maxTries: number): Promise<SmsCodeRow | undefined> {
    return this.db
      .updateTable("smsCodes")
      .set((eb) => ({ failedTries: eb("failedTries", "+", 1) }))
      .where("playerId", "=", playerId)
      .where("failedTries", "<", maxTries)
      .returningAll()
      .executeTakeFirst();
  }

  async delete(playerId: number): Promise<void> {
    await this.db.deleteFrom("smsCodes").where("playerId", "=", playerId).execute();
  }

  /** Deletes the game's codes expired at `now`. */
  async deleteExpired(now: string): Promise<void> {
    await this.db
      .deleteFrom("smsCodes")
      .where("expiresAt", "<=", now)
      .where("playerId", "in", (eb) =>
        eb.selectFrom("players").select("id").where("gameId", "=", this.game),
      )
      .execute();
  }
}
