import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, PasswordResetsTable } from "./schema";

export type PasswordResetRow = Selectable<PasswordResetsTable>;

/**
 * The tokens of password reset links. A link belongs to the game of its player; the sweep
 * deletes the game's only (decisions/054).
 */
export class PasswordResetRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async create(reset: Insertable<PasswordResetsTable>): Promise<void> {
    await this.db.insertInto("passwordResets").values(reset).execute();
  }

  /** The reset with this token hash unless it has expired or was used. */
  findValid(tokenHash: string, now: string): Promise<PasswordResetRow | undefined> {
    return this.db
      .selectFrom("passwordResets")
      .selectAll()
      .where("tokenHash", "=", tokenHash)
      .where("expiresAt", ">", now)
      .where("usedAt", "is", null)
      .executeTakeFirst();
  }

  /** The reset with this token hash, used or not, unless it has expired. */
  find(tokenHash: string, now: string): Promise<PasswordResetRow | undefined> {
    return this.db
      .selectFrom("passwordResets")
      .selectAll()
      .where("tokenHash", "=", tokenHash)
      .where("expiresAt", ">", now)
      .executeTakeFirst();
  }

  /**
   * Uses the reset up: marks it used and returns its player, or undefined when it is unknown,
   * expired or was used already, maybe by a concurrent call (one statement, so it works once).
   */
  async consume(tokenHash: string, now: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable("passwordResets")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("expiresAt", ">", now)
      .where("usedAt", "is", null)
      .returning("playerId")
      .executeTakeFirst();
    return row?.playerId;
  }

  async deleteForPlayer(playerId: number): Promise<void> {
    await this.db.deleteFrom("passwordResets").where("playerId", "=", playerId).execute();
  }

  /** Deletes the game's links expired at `now`. */
  async deleteExpired(now: string): Promise<void> {
    await this.db
      .deleteFrom("passwordResets")
      .where("expiresAt", "<=", now)
      .where("playerId", "in", (eb) =>
        eb.selectFrom("players").select("id").where("gameId", "=", this.game),
      )
      .execute();
  }
}
