import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The current station and story of each participant (a player or a team). */
export class ParticipantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(stream: string, at: string): Promise<void> {
    await this.db
      .insertInto("participants")
      .values({ stream, currentStation: 0, currentStory: 0, updatedAt: at })
      .execute();
  }

  /** The current station's id, 0 when there is none. */
  async currentStation(stream: string): Promise<number> {
    const row = await this.db
      .selectFrom("participants")
      .select("currentStation")
      .where("stream", "=", stream)
      .executeTakeFirst();
    return row?.currentStation ?? 0;
  }

  /** The current station and story (0 when none), both 0 for an unknown stream. */
  async find(stream: string): Promise<{ currentStation: number; currentStory: number }> {
    const row = await this.db
      .selectFrom("participants")
      .select(["currentStation", "currentStory"])
      .where("stream", "=", stream)
      .executeTakeFirst();
    return row ?? { currentStation: 0, currentStory: 0 };
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist), keeping their order. */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("participants")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }

  async setCurrentStation(stream: string, stationId: number, at: string): Promise<void> {
    await this.db
      .updateTable("participants")
      .set({ currentStation: stationId, updatedAt: at })
      .where("stream", "=", stream)
      .execute();
  }

  async setCurrentStory(stream: string, storyId: number, at: string): Promise<void> {
    await this.db
      .updateTable("participants")
      .set({ currentStory: storyId, updatedAt: at })
      .where("stream", "=", stream)
      .execute();
  }
}
