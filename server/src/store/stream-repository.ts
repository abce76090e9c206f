import { sql } from "kysely";
import type { Kysely } from "kysely";
import type { Dialect } from "../config";
import type { Database } from "./schema";

/**
 * Each stream's last event id: the counter that numbers its log. A stream belongs to one game
 * (decisions/054); another game's is unknown here.
 */
export class StreamRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
    private readonly game: number,
  ) {}

  /** A new stream; `lastSeq` above 0 continues the numbering of a stream that moves here. */
  async create(stream: string, lastSeq = 0): Promise<void> {
    await this.db.insertInto("streams").values({ stream, lastSeq, gameId: this.game }).execute();
  }

  /** Deletes the stream with its participant, station runs and event log (foreign keys). */
  async delete(stream: string): Promise<void> {
    await this.db
      .deleteFrom("streams")
      .where("stream", "=", stream)
      .where("gameId", "=", this.game)
      .execute();
  }

  /**
   * Reserves the next `count` ids and returns the last of them. The UPDATE locks the row until
   * the transaction ends, so concurrent writers of one stream get consecutive, distinct ids.
   */
  async advance(stream: string, count: number): Promise<number> {
    const row = await this.db
      .updateTable("streams")
      .set((eb) => ({ lastSeq: eb("lastSeq", "+", count) }))
      .where("stream", "=", stream)
      .where("gameId", "=", this.game)
      .returning("lastSeq")
      .executeTakeFirst();
    if (!row) throw new Error(`stream ${stream} does not exist`);
    return row.lastSeq;
  }

  /**
   * Claims the stream for a turn: counts its version up (so a turn that read it without a lock
   * cannot write over this one) and locks its row until the transaction ends. Returns the new
   * version; undefined when the stream does not exist.
   */
  async claim(stream: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable("streams")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .where("stream", "=", stream)
      .where("gameId", "=", this.game)
      .returning("version")
      .executeTakeFirst();
    return row?.version;
  }

  /**
   * Those of `streams` that exist, their rows locked until the transaction ends. A turn locks
   * its stream first, so one stream's turns run one after another even on several instances,
   * and whoever deletes a stream waits for the turn under way. Rows are locked in stream order,
   * so two callers never deadlock. SQLite runs one transaction at a time: no lock needed.
   */
  async lock(streams: string[]): Promise<string[]> {
    if (streams.length === 0) return [];
    const rows = await this.db
      .selectFrom("streams")
      .select("stream")
      .where("stream", "in", streams)
      .where("gameId", "=", this.game)
      .orderBy("stream")
      .$if(this.dialect === "postgres", (query) => query.forUpdate())
      .execute();
    return rows.map((row) => row.stream);
  }

  /** The stream's last event id; undefined for an unknown stream (asked by every new stream). */
  async lastSeq(stream: string): Promise<number | undefined> {
    const { rows } = await sql<{ lastSeq: number }>`select last_seq from streams
      where stream = ${stream} and game_id = ${this.game}`.execute(this.db);
    return rows[0]?.lastSeq;
  }
}
