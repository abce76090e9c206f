import type { Kysely, Selectable } from "kysely";
import type { Database, TeamInvitationsTable } from "./schema";

export type TeamInvitationRow = Selectable<TeamInvitationsTable>;

export class TeamInvitationRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom("teamInvitations").where("expiresAt", "<=", now).execute();
  }
}
