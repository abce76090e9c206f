import type { Kysely, Selectable } from "kysely";
import type { Database, StationRunsTable } from "./schema";

export type StationRunRow = Selectable<StationRunsTable>;

/** One participant's score: the points and count of its finished stations. */
export type StreamTotal = { stream: string; points: number; stations: number; reachedAt: string };

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

  /** The score of every participant that finished at least one station. */
  async totals(): Promise<StreamTotal[]> {
    const rows = await this.db
      .selectFrom("stationRuns")
      .select((eb) => [
        "stream",
        eb.fn.sum<number>("points").as("points"),
        eb.fn.countAll<number>().as("stations"),
        eb.fn.max("updatedAt").as("reachedAt"),
      ])
      .where("status", "=", "done")
      .groupBy("stream")
      .execute();
    // PostgreSQL returns sums and counts as strings.
    return rows.map((row) => ({
      stream: row.stream,
      points: Number(row.points),
      stations: Number(row.stations),
      reachedAt: row.reachedAt,
    }));
  }

  /** Hands the rows of stream `from` to stream `to` (which must exist), keeping their order. */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("stationRuns")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }

  /**
   * Inserts the run, or replaces the earlier run of the same station (a restart after cancel);
   * the time of the last cancellation stays.
   */
  async save(run: Omit<StationRunRow, "cancelledAt">): Promise<void> {
    const { status, inkState, awaiting, points, language, scriptVersion, updatedAt } = run;
    const { startedAt, doneAt, wrongAnswers } = run;
    const changes = { status, inkState, awaiting, points, language, scriptVersion, updatedAt };
    await this.db
      .insertInto("stationRuns")
      .values(run)
      .onConflict((oc) =>
        oc
          .columns(["stream", "stationId"])
          .doUpdateSet({ ...changes, startedAt, doneAt, wrongAnswers }),
      )
      .execute();
  }

  /** What the run accepts now (the engine's Awaiting as JSON). */
  async setAwaiting(
    stream: string,
    stationId: number,
    awaiting: string,
    at: string,
  ): Promise<void> {
    await this.db
      .updateTable("stationRuns")
      .set({ awaiting, updatedAt: at })
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .execute();
  }

  /** Ends a running station as cancelled at `at`. */
  async cancel(stream: string, stationId: number, at: string): Promise<void> {
    await this.db
      .updateTable("stationRuns")
      .set({ status: "cancelled", updatedAt: at, cancelledAt: at })
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .execute();
  }
}
