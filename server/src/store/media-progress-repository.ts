import type { Kysely, Selectable } from "kysely";
import type { Database, MediaProgressTable } from "./schema";

export type MediaProgressRow = Selectable<MediaProgressTable>;

/** How far each participant played each audio and video a station sent. */
export class MediaProgressRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(
    stream: string,
    stationId: number,
    contentRef: string,
  ): Promise<MediaProgressRow | undefined> {
    return this.db
      .selectFrom("mediaProgress")
      .selectAll()
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .where("contentRef", "=", contentRef)
      .executeTakeFirst();
  }

  async insert(row: MediaProgressRow): Promise<void> {
    await this.db.insertInto("mediaProgress").values(row).execute();
  }

  /** Moves the furthest ratio on; `seenAt` is written only by the report that first passed it. */
  async advance(
    key: Pick<MediaProgressRow, "stream" | "stationId" | "contentRef">,
    changes: Pick<MediaProgressRow, "maxRatio" | "seenAt" | "updatedAt">,
  ): Promise<void> {
    await this.db
      .updateTable("mediaProgress")
      .set(changes)
      .where("stream", "=", key.stream)
      .where("stationId", "=", key.stationId)
      .where("contentRef", "=", key.contentRef)
      .execute();
  }

  /** Forgets a station's media (the player threw its conversation away). */
  async deleteStation(stream: string, stationId: number): Promise<void> {
    await this.db
      .deleteFrom("mediaProgress")
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .execute();
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist). */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("mediaProgress")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }
}
