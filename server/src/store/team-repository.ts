import type { Kysely } from "kysely";
import type { Database } from "./schema";

export class TeamRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts a team and returns its id. */
  async create(at: string): Promise<number> {
    const row = await this.db
      .insertInto("teams")
      .values({ createdAt: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Deletes the team and its invitations (foreign key); it must have no members left. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom("teams").where("id", "=", id).execute();
  }
}
