import type { Kysely, Selectable } from "kysely";
import type { Dialect } from "../config";
import type { Database } from "./schema";

export type ReadMarksRow = Selectable<Database["readMarks"]>;

/** What each player has read of the stream they play on; the row goes with the player. */
export class ReadMarksRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  find(playerId: number): Promise<ReadMarksRow | undefined> {
    return this.db
      .selectFrom("readMarks")
      .selectAll()
      .where("playerId", "=", playerId)
      .executeTakeFirst();
  }

  /**
   * The player's row, held until the transaction ends (PostgreSQL; SQLite runs one transaction
   * at a time): two devices' marks merge one after the other. Made empty when there is none.
   */
  async lock(playerId: number, stream: string, empty: string): Promise<ReadMarksRow> {
    await this.db
      .insertInto("readMarks")
      .values({ playerId, stream, marks: empty })
      .onConflict((conflict) => conflict.column("playerId").doNothing())
      .execute();
    return this.db
      .selectFrom("readMarks")
      .selectAll()
      .where("playerId", "=", playerId)
      .$if(this.dialect === "postgres", (query) => query.forUpdate())
      .executeTakeFirstOrThrow();
  }

  async write(row: ReadMarksRow): Promise<void> {
    await this.db
      .updateTable("readMarks")
      .set({ stream: row.stream, marks: row.marks })
      .where("playerId", "=", row.playerId)
      .execute();
  }
}
