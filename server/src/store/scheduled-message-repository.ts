import type { Insertable, Kysely, Selectable } from "kysely";
import type { Dialect } from "../config";
import { rowOfGame } from "./game-streams";
import type { Database, ScheduledKind, ScheduledMessagesTable } from "./schema";

export type ScheduledRow = Selectable<ScheduledMessagesTable>;

/**
 * What is to be delivered later, and when: the scheduler's persisted agenda. Each game's
 * scheduler delivers its own: what is due is of the game's streams only (decisions/054).
 */
export class ScheduledMessageRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly game: number,
  ) {}

  async insert(row: Insertable<ScheduledMessagesTable>): Promise<void> {
    await this.db.insertInto("scheduledMessages").values(row).execute();
  }

  /** The earliest due time of any of the game's streams; undefined when nothing is scheduled. */
  async nextDue(): Promise<string | undefined> {
    // Along the index of due times: the first row of the game ends the walk.
    const row = await this.db
      .selectFrom("scheduledMessages")
      .select("dueAt")
      .where(rowOfGame("scheduled_messages", this.game))
      .orderBy("dueAt")
      .limit(1)
      .executeTakeFirst();
    return row?.dueAt;
  }

  /** The game's streams with rows due at `now` or earlier, at most `limit` of them. */
  async dueStreams(now: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom("scheduledMessages")
      .select("stream")
      .distinct()
      .where("dueAt", "<=", now)
      .where(rowOfGame("scheduled_messages", this.game))
      .limit(limit)
      .execute();
    return rows.map((row) => row.stream);
  }

  /**
   * Claims a stream's rows due at `now` or earlier, in the order they were planned: on
   * PostgreSQL they stay locked until the transaction that delivers and deletes them ends, and
   * rows another transaction holds (another instance delivering them, a team taking them over)
   * are skipped, so no row is delivered twice. SQLite runs one transaction at a time.
   */
  claimDue(stream: string, now: string): Promise<ScheduledRow[]> {
    return this.db
      .selectFrom("scheduledMessages")
      .selectAll()
      .where("stream", "=", stream)
      .where("dueAt", "<=", now)
      .orderBy("dueAt")
      .orderBy("id")
      .$if(this.dialect === "postgres", (query) => query.forUpdate().skipLocked())
      .execute();
  }

  async deleteIds(ids: number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom("scheduledMessages").where("id", "in", ids).execute();
  }

  /** Drops a station's undelivered rows: all of them, or those of one kind. */
  async deleteStation(stream: string, stationId: number, kind?: ScheduledKind): Promise<void> {
    let query = this.db
      .deleteFrom("scheduledMessages")
      .where("stream", "=", stream)
      .where("stationId", "=", stationId);
    if (kind) query = query.where("kind", "=", kind);
    await query.execute();
  }

  /** Moves a station's rows of one kind to `dueAt` when that is later than they are now. */
  async postpone(
    stream: string,
    stationId: number,
    kind: ScheduledKind,
    dueAt: string,
  ): Promise<void> {
    await this.db
      .updateTable("scheduledMessages")
      .set({ dueAt })
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .where("kind", "=", kind)
      .where("dueAt", "<", dueAt)
      .execute();
  }

  /** A stream's groups of later lines by station: how many, and when the next is due. */
  async waiting(stream: string): Promise<{ stationId: number; count: number; nextAt: string }[]> {
    const rows = await this.db
      .selectFrom("scheduledMessages")
      .select((eb) => [
        "stationId",
        eb.fn.countAll<number>().as("count"),
        eb.fn.min("dueAt").as("nextAt"),
      ])
      .where("stream", "=", stream)
      .where("kind", "=", "messages")
      .groupBy("stationId")
      .orderBy("stationId")
      .execute();
    // PostgreSQL answers counts as strings.
    return rows.map((row) => ({
      stationId: row.stationId,
      count: Number(row.count),
      nextAt: String(row.nextAt),
    }));
  }

  /** Makes a station's next group of later lines due at `now`; false when none waits. */
  async bringForward(stream: string, stationId: number, now: string): Promise<boolean> {
    const next = await this.db
      .selectFrom("scheduledMessages")
      .select("id")
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .where("kind", "=", "messages")
      .orderBy("dueAt")
      .orderBy("id")
      .executeTakeFirst();
    if (!next) return false;
    await this.db
      .updateTable("scheduledMessages")
      .set({ dueAt: now })
      .where("id", "=", next.id)
      .where("dueAt", ">", now)
      .execute();
    return true;
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist). */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("scheduledMessages")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }
}
