import type { Kysely } from "kysely";
import type { Database } from "./schema";

/**
 * Signed-in devices: one auth token hash per sign-in. A session belongs to the game of its
 * player; the sweep ends the game's only (decisions/054).
 */
export class SessionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async create(tokenHash: string, playerId: number, at: string): Promise<void> {
    await this.db.insertInto("sessions").values({ tokenHash, playerId, createdAt: at }).execute();
  }

  /** Notes that the session was used `at` (idle sessions end). */
  async touch(tokenHash: string, at: string): Promise<void> {
    await this.db
      .updateTable("sessions")
      .set({ lastUsedAt: at })
      .where("tokenHash", "=", tokenHash)
      .execute();
  }

  /** Ends one session. */
  async delete(tokenHash: string): Promise<void> {
    await this.db.deleteFrom("sessions").where("tokenHash", "=", tokenHash).execute();
  }

  /**
   * Ends every session of a registered player of the game (one with a number) unused since
   * `before`.
   */
  async deleteUnusedSince(before: string): Promise<void> {
    await this.db
      .deleteFrom("sessions")
      .where((eb) => eb(eb.fn.coalesce("lastUsedAt", "createdAt"), "<", before))
      .where("playerId", "in", (eb) =>
        eb
          .selectFrom("players")
          .select("id")
          .where("gameId", "=", this.game)
          .where("phone", "is not", null),
      )
      .execute();
  }

  /** Signs the player out everywhere, or everywhere but the device holding `keep`. */
  async deleteForPlayer(playerId: number, keep?: string): Promise<void> {
    let query = this.db.deleteFrom("sessions").where("playerId", "=", playerId);
    if (keep !== undefined) query = query.where("tokenHash", "!=", keep);
    await query.execute();
  }
}
