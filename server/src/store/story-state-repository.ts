import type { Kysely } from "kysely";
import type { Database } from "./schema";

/** The stories each participant has opened; an opened story counts as done. */
export class StoryStateRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async isDone(stream: string, storyId: number): Promise<boolean> {
    const row = await this.db
      .selectFrom("storyStates")
      .select("storyId")
      .where("stream", "=", stream)
      .where("storyId", "=", storyId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markDone(stream: string, storyId: number, at: string): Promise<void> {
    await this.db.insertInto("storyStates").values({ stream, storyId, doneAt: at }).execute();
  }

  /** Ids of the participant's done stories. */
  async listDone(stream: string): Promise<number[]> {
    const rows = await this.db
      .selectFrom("storyStates")
      .select("storyId")
      .where("stream", "=", stream)
      .execute();
    return rows.map((row) => row.storyId);
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist). */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("storyStates")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }
}
