import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Signed-in devices: one auth token hash per sign-in. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(tokenHash: string, playerId: number, at: string): Promise<void> {
    await this.db.insertInto("sessions").values({ tokenHash, playerId, createdAt: at }).execute();
  }

  /** Signs the player out everywhere, or everywhere but the device holding `keep`. */
  async deleteForPlayer(playerId: number, keep?: string): Promise<void> {
    let query = this.db.deleteFrom("sessions").where("playerId", "=", playerId);
    if (keep !== undefined) query = query.where("tokenHash", "!=", keep);
    await query.execute();
  }
}
