import type { Insertable, Kysely } from "kysely";
import type { Database, EventLogTable } from "./schema";

/** A logged event as streams send it. */
export type LogRow = { seq: number; type: string; payload: string };

/** The event log: every event of every stream, numbered per stream. */
export class EventRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(rows: Insertable<EventLogTable>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db.insertInto("eventLog").values(rows).execute();
  }

  /** The stream's events after `seq` that are not retracted, oldest first. */
  listAfter(stream: string, seq: number): Promise<LogRow[]> {
    return this.db
      .selectFrom("eventLog")
      .select(["seq", "type", "payload"])
      .where("stream", "=", stream)
      .where("seq", ">", seq)
      .where("retracted", "=", 0)
      .orderBy("seq")
      .execute();
  }

  /** A station's unretracted events of some types, oldest first. */
  listByStation(stream: string, stationId: number, types: string[]): Promise<LogRow[]> {
    return this.db
      .selectFrom("eventLog")
      .select(["seq", "type", "payload"])
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .where("type", "in", types)
      .where("retracted", "=", 0)
      .orderBy("seq")
      .execute();
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist), keeping their order. */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db.updateTable("eventLog").set({ stream: to }).where("stream", "=", from).execute();
  }

  /** Hides a station's events from later replays (the player threw that conversation away). */
  async retractStation(stream: string, stationId: number): Promise<void> {
    await this.db
      .updateTable("eventLog")
      .set({ retracted: 1 })
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .where("retracted", "=", 0)
      .execute();
  }
}
