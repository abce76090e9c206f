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

  /**
   * Whether a recommendation naming the station `name` (`#recommend: <name>`, logged with the
   * id `<sending station>:<name>`) reached the stream and is not retracted.
   */
  async hasRecommendation(stream: string, name: string): Promise<boolean> {
    const rows = await this.db
      .selectFrom("eventLog")
      .select("payload")
      .where("stream", "=", stream)
      .where("type", "in", ["webtext-recommendation", "webcontent-recommendation"])
      .where("retracted", "=", 0)
      .where("payload", "like", `%:${name}"%`)
      .execute();
    // `_` and `%` of a name match any characters in LIKE: the id itself decides.
    return rows.some((row) => {
      const id = (JSON.parse(row.payload) as { RecommendationID?: unknown }).RecommendationID;
      return typeof id === "string" && id.slice(id.indexOf(":") + 1) === name;
    });
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

  /**
   * Takes the name out of the echoes of a team member's answers (`member`: their key in the
   * team of `stream`); the echoes keep the key, so the app still shows them as a teammate's.
   */
  async forgetAuthorName(stream: string, member: string): Promise<void> {
    const rows = await this.db
      .selectFrom("eventLog")
      .select(["seq", "payload"])
      .where("stream", "=", stream)
      // Answers' echoes, and what the member sent for missions.
      .where("type", "in", ["webtext", "submission"])
      .where("payload", "like", `%"Member":"${member}"%`)
      .execute();
    for (const row of rows) {
      const data = JSON.parse(row.payload) as Record<string, unknown>;
      // `_` of the key matches any character in LIKE: only the member's own echoes change.
      if (data.Member !== member) continue;
      delete data.Name;
      await this.db
        .updateTable("eventLog")
        .set({ payload: JSON.stringify(data) })
        .where("stream", "=", stream)
        .where("seq", "=", row.seq)
        .execute();
    }
  }
}
