import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** Each stream's last event id: the counter that numbers its log. */
export class StreamRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new stream; `lastSeq` above 0 continues the numbering of a stream that moves here. */
  async create(stream: string, lastSeq = 0): Promise<void> {
    await this.db.insertInto("streams").values({ stream, lastSeq }).execute();
  }

  /** Deletes the stream with its participant, station runs and event log (foreign keys). */
  async delete(stream: string): Promise<void> {
    await this.db.deleteFrom("streams").where("stream", "=", stream).execute();
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
      .returning("lastSeq")
      .executeTakeFirst();
    if (!row) throw new Error(`stream ${stream} does not exist`);
    return row.lastSeq;
  }

  /** The stream's last event id; undefined for an unknown stream. */
  async lastSeq(stream: string): Promise<number | undefined> {
    const row = await this.db
      .selectFrom("streams")
      .select("lastSeq")
      .where("stream", "=", stream)
      .executeTakeFirst();
    return row?.lastSeq;
  }
}
