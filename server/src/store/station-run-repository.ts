import type { Kysely, Selectable } from "kysely";
import type { Database, StationRunsTable, StationRunStatus } from "./schema";

export type StationRunRow = Selectable<StationRunsTable>;

/** One row per participant and station: the dialogue's saved state and its outcome. */
export class StationRunRepository {
  constructor(private readonly db: Kysely<Database>) {}

  find(stream: string, stationId: number): Promise<StationRunRow | undefined> {
    return this.db
      .selectFrom("stationRuns")
      .selectAll()
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .executeTakeFirst();
  }

  listByStream(stream: string): Promise<StationRunRow[]> {
    return this.db.selectFrom("stationRuns").selectAll().where("stream", "=", stream).execute();
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist), keeping their order. */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("stationRuns")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }

  /** Inserts the run, or replaces the earlier run of the same station (a restart after cancel). */
  async save(run: StationRunRow): Promise<void> {
    const { status, inkState, awaiting, points, language, updatedAt } = run;
    await this.db
      .insertInto("stationRuns")
      .values(run)
      .onConflict((oc) =>
        oc
          .columns(["stream", "stationId"])
          .doUpdateSet({ status, inkState, awaiting, points, language, updatedAt }),
      )
      .execute();
  }

  async setStatus(
    stream: string,
    stationId: number,
    status: StationRunStatus,
    at: string,
  ): Promise<void> {
    await this.db
      .updateTable("stationRuns")
      .set({ status, updatedAt: at })
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .execute();
  }
}
