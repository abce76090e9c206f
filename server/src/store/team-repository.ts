import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** One game's teams (decisions/054). */
export class TeamRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /** Inserts a team founded by `founderId` and returns its id. */
  async create(at: string, founderId: number): Promise<number> {
    const row = await this.db
      .insertInto("teams")
      .values({ createdAt: at, founderId, gameId: this.game })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** The founders' first names of those of `teamIds` whose founder is registered and still here. */
  async founderNames(teamIds: number[]): Promise<Map<number, string>> {
    if (teamIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("teams")
      .innerJoin("players", "players.id", "teams.founderId")
      .select(["teams.id", "players.firstName"])
      .where("teams.id", "in", teamIds)
      .where("teams.gameId", "=", this.game)
      .execute();
    return new Map(rows.flatMap((row) => (row.firstName ? [[row.id, row.firstName]] : [])));
  }

  /** The player is erased: the teams they founded keep no trace of them. */
  async forgetFounder(playerId: number): Promise<void> {
    await this.db
      .updateTable("teams")
      .set({ founderId: null })
      .where("founderId", "=", playerId)
      .where("gameId", "=", this.game)
      .execute();
  }

  /** Deletes the team and its invitations (foreign key); it must have no members left. */
  async delete(id: number): Promise<void> {
    await this.db
      .deleteFrom("teams")
      .where("id", "=", id)
      .where("gameId", "=", this.game)
      .execute();
  }
}
