import type { Kysely, Selectable } from "kysely";
import type { Database, TeamInvitationsTable } from "./schema";

export type TeamInvitationRow = Selectable<TeamInvitationsTable>;

/**
 * Teams' invitation codes. An invitation belongs to the game of its team; the sweep deletes
 * the game's only (decisions/054).
 */
export class TeamInvitationRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async create(invitation: TeamInvitationRow): Promise<void> {
    await this.db.insertInto("teamInvitations").values(invitation).execute();
  }

  /** The invitation with this code hash unless it has expired. */
  findValid(codeHash: string, now: string): Promise<TeamInvitationRow | undefined> {
    return this.db
      .selectFrom("teamInvitations")
      .selectAll()
      .where("codeHash", "=", codeHash)
      .where("expiresAt", ">", now)
      .executeTakeFirst();
  }

  /** Deletes the game's invitations expired at `now`. */
  async deleteExpired(now: string): Promise<void> {
    await this.db
      .deleteFrom("teamInvitations")
      .where("expiresAt", "<=", now)
      .where("teamId", "in", (eb) =>
        eb.selectFrom("teams").select("id").where("gameId", "=", this.game),
      )
      .execute();
  }
}
