import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database, PlayersTable } from "./schema";

export type PlayerRow = Selectable<PlayersTable>;

export class PlayerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a player and returns its id. */
  async create(player: Insertable<PlayersTable>): Promise<number> {
    const row = await this.db
      .insertInto("players")
      .values(player)
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  findByTokenHash(tokenHash: string): Promise<PlayerRow | undefined> {
    return this.db
      .selectFrom("players")
      .selectAll()
      .where("tokenHash", "=", tokenHash)
      .executeTakeFirst();
  }
}
