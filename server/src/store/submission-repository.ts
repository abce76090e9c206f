import type { Kysely, Selectable } from "kysely";
import type { SubmissionState, SubmissionsTable } from "./media-tables";
import type { Database } from "./schema";

export type Submission = Selectable<SubmissionsTable>;

export type NewSubmission = Omit<Submission, "id" | "gameId" | "judgedAt" | "judgedBy" | "line">;

/** A verdict as stored: who gave it (null: `#auto`), when, the points and the line sent back. */
export type StoredVerdict = {
  state: Exclude<SubmissionState, "waiting">;
  points: number;
  line: string | null;
  judgedAt: string;
  judgedBy: string | null;
};

/** What players of one game sent for missions (decisions/039), and the verdict each got once. */
export class SubmissionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async insert(submission: NewSubmission): Promise<Submission> {
    return this.db
      .insertInto("submissions")
      .values({ ...submission, gameId: this.game })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async byId(id: number): Promise<Submission | undefined> {
    return this.mine().where("id", "=", id).executeTakeFirst();
  }

  private mine() {
    return this.db.selectFrom("submissions").selectAll().where("gameId", "=", this.game);
  }

  /**
   * Gives the waiting submission its verdict; false when it is judged already (another host
   * was first) or gone. Of two hosts judging at once, one update finds it waiting.
   */
  async judge(id: number, verdict: StoredVerdict): Promise<boolean> {
    const result = await this.db
      .updateTable("submissions")
      .set(verdict)
      .where("id", "=", id)
      .where("gameId", "=", this.game)
      .where("state", "=", "waiting")
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The waiting one of a stream's station, if any. */
  async waitingAt(stream: string, stationId: number): Promise<Submission | undefined> {
    return this.mine()
      .where("stream", "=", stream)
      .where("stationId", "=", stationId)
      .where("state", "=", "waiting")
      .executeTakeFirst();
  }

  /** A stream's submissions, oldest first (a team's gallery). */
  async ofStream(stream: string): Promise<Submission[]> {
    return this.mine().where("stream", "=", stream).orderBy("id").execute();
  }

  /** Every submission, by participant, station and time (the export). */
  async all(): Promise<Submission[]> {
    return this.mine().orderBy("stream").orderBy("stationId").orderBy("id").execute();
  }

  /** How many a player sent. */
  async countByPlayer(playerId: number): Promise<number> {
    const row = await this.db
      .selectFrom("submissions")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("playerId", "=", playerId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** How many wait for a host, and when the oldest of them came. */
  async waitingSummary(): Promise<{ count: number; oldestAt: string | null }> {
    const row = await this.db
      .selectFrom("submissions")
      .select((eb) => [
        eb.fn.countAll<number>().as("count"),
        eb.fn.min<string | null>("createdAt").as("oldestAt"),
      ])
      .where("gameId", "=", this.game)
      .where("state", "=", "waiting")
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldestAt: row.oldestAt ?? null };
  }

  /** Those waiting for a host, oldest first. */
  async waiting(limit: number): Promise<Submission[]> {
    return this.mine()
      .where("state", "=", "waiting")
      .orderBy("createdAt")
      .orderBy("id")
      .limit(limit)
      .execute();
  }

  /**
   * Erases the submissions of a player or a stream: their rows go, their files are listed for
   * the blob store (`erasedFiles`). Returns how many went.
   */
  async erase(column: "stream" | "playerId", value: string | number): Promise<number> {
    const rows = await this.db
      .deleteFrom("submissions")
      .where(column, "=", value)
      .returning("files")
      .execute();
    await this.listErased(rows.map((row) => row.files));
    return rows.length;
  }

  /** Hands a stream's submissions to another (a player who joins a team brings theirs). */
  async moveStream(from: string, to: string): Promise<void> {
    await this.db
      .updateTable("submissions")
      .set({ stream: to })
      .where("stream", "=", from)
      .execute();
  }

  /** Files of erased submissions the blob store still keeps, at most `limit`. */
  async erasedFiles(limit: number): Promise<string[]> {
    const rows = await this.db.selectFrom("erasedFiles").select("prefix").limit(limit).execute();
    return rows.map((row) => row.prefix);
  }

  /** The blob store has deleted these. */
  async filesDeleted(prefixes: string[]): Promise<void> {
    if (prefixes.length === 0) return;
    await this.db.deleteFrom("erasedFiles").where("prefix", "in", prefixes).execute();
  }

  private async listErased(prefixes: string[]): Promise<void> {
    if (prefixes.length === 0) return;
    await this.db
      .insertInto("erasedFiles")
      .values(prefixes.map((prefix) => ({ prefix })))
      .onConflict((conflict) => conflict.column("prefix").doNothing())
      .execute();
  }

  /** Erases those sent before `before` (the pack's retention); returns how many went. */
  async eraseOlderThan(before: string): Promise<number> {
    const rows = await this.db
      .deleteFrom("submissions")
      .where("gameId", "=", this.game)
      .where("createdAt", "<", before)
      .returning("files")
      .execute();
    await this.listErased(rows.map((row) => row.files));
    return rows.length;
  }
}
