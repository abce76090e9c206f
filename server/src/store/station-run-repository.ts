import type { Kysely } from "kysely";
import { streamOfGame } from "./game-streams";
import type { Database } from "./schema";
import { KEY_FIELDS, SAVED_FIELDS, SUMMARY_FIELDS } from "./station-run-columns";
import { decodeColumns, decodeRun, encodeRun } from "./station-run-columns";
import type { RunSummary, SavedRun, StationRun } from "./station-run-columns";

/** One participant's score: the points and count of its finished stations. */
export type StreamTotal = { stream: string; points: number; stations: number; reachedAt: string };

/**
 * One row per participant and station: the dialogue's saved state and its outcome, encoded and
 * decoded by the column map (station-run-columns.ts). A run belongs to the game of its stream;
 * the totals are the game's (decisions/054).
 */
export class StationRunRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async find(stream: string, stationId: number): Promise<StationRun | undefined> {
    const row = await this.db
      .selectFrom("stationRuns")
      .selectAll()
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .executeTakeFirst();
    return row && decodeRun(row);
  }

  async listByStream(stream: string): Promise<StationRun[]> {
    const rows = await this.db
      .selectFrom("stationRuns")
      .selectAll()
      .where("stream", "=", stream)
      .execute();
    return rows.map(decodeRun);
  }

  /** What a status needs of each of the stream's runs. */
  async listSummaries(stream: string): Promise<RunSummary[]> {
    const rows = await this.db
      .selectFrom("stationRuns")
      .select(SUMMARY_FIELDS)
      .where("stream", "=", stream)
      .execute();
    return rows.map((row) => decodeColumns(row, SUMMARY_FIELDS));
  }

  /** The score of every participant of the game that finished at least one station. */
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
      .where(streamOfGame(this.game))
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
  async save(run: SavedRun): Promise<void> {
    const changes = encodeRun(run, SAVED_FIELDS);
    await this.db
      .insertInto("stationRuns")
      .values({ ...encodeRun(run, KEY_FIELDS), ...changes })
      .onConflict((oc) => oc.columns(KEY_FIELDS).doUpdateSet(changes))
      .execute();
  }

  /** Removes the run: a station closed before it was started is reopened as never played. */
  async remove(stream: string, stationId: number): Promise<void> {
    await this.db
      .deleteFrom("stationRuns")
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
