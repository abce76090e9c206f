import type { Kysely, Selectable } from "kysely";
import type { PointAwardsTable } from "./point-award-table";
import type { Database } from "./schema";

export type PointAward = Omit<Selectable<PointAwardsTable>, "gameId">;

/** A participant's awards in all: their sum, and the time of the last. */
export type AwardTotal = { stream: string; points: number; lastAt: string };

/** The points hosts award or take, per participant of the game (decisions/059). */
export class PointAwardRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async add(award: Omit<PointAward, "id">): Promise<PointAward> {
    return this.db
      .insertInto("pointAwards")
      .values({ ...award, gameId: this.game })
      .returning(["id", "stream", "points", "reason", "operator", "createdAt"])
      .executeTakeFirstOrThrow();
  }

  /** The participant's awards, oldest first. */
  async listByStream(stream: string): Promise<PointAward[]> {
    return this.db
      .selectFrom("pointAwards")
      .select(["id", "stream", "points", "reason", "operator", "createdAt"])
      .where("stream", "=", stream)
      .orderBy("id")
      .execute();
  }

  /** The sum of the participant's awards (0 without any). */
  async sumOf(stream: string): Promise<number> {
    const row = await this.db
      .selectFrom("pointAwards")
      .select((eb) => eb.fn.sum<number>("points").as("points"))
      .where("stream", "=", stream)
      .executeTakeFirst();
    // PostgreSQL returns sums as strings, and null without rows.
    return Number(row?.points ?? 0);
  }

  /** Every participant of the game with awards. */
  async totals(): Promise<AwardTotal[]> {
    const rows = await this.db
      .selectFrom("pointAwards")
      .select((eb) => [
        "stream",
        eb.fn.sum<number>("points").as("points"),
        eb.fn.max("createdAt").as("lastAt"),
      ])
      .where("gameId", "=", this.game)
      .groupBy("stream")
      .execute();
    return rows.map((row) => ({ ...row, points: Number(row.points) }));
  }

  /** Hands the awards of stream `from` to stream `to` (a player who joins a team). */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("pointAwards")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }
}
