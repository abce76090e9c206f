import type { Insertable, Kysely, Selectable } from "kysely";
import { eraseGameStep } from "./game-erasure";
import type { ErasedRows } from "./game-erasure";
import type { Database, GamesTable } from "./schema";

export type GameRow = Selectable<GamesTable>;

/** The installation's games (decisions/054); every Store reads this table whatever its game. */
export class GameRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new game's id; undefined when its name or host is taken. */
  async create(game: Insertable<GamesTable>): Promise<number | undefined> {
    const row = await this.db
      .insertInto("games")
      .values(game)
      .onConflict((conflict) => conflict.doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id;
  }

  /** The game of this short name, archived or not. */
  named(name: string): Promise<GameRow | undefined> {
    return this.db.selectFrom("games").selectAll().where("name", "=", name).executeTakeFirst();
  }

  /** Marks the game archived at `at`: its addresses answer that it has ended. */
  async archive(id: number, at: string): Promise<void> {
    await this.db
      .updateTable("games")
      .set({ archivedAt: at })
      .where("id", "=", id)
      .where("archivedAt", "is", null)
      .execute();
  }

  /** Takes an archived game back: its addresses play again. False when it was not archived. */
  async restore(id: number): Promise<boolean> {
    const result = await this.db
      .updateTable("games")
      .set({ archivedAt: null })
      .where("id", "=", id)
      .where("archivedAt", "is not", null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The game's title for the console's list, where it has one of its own. */
  async retitle(id: number, title: string): Promise<void> {
    await this.db
      .updateTable("games")
      .set({ title })
      .where("id", "=", id)
      .where("title", "is not", null)
      .execute();
  }

  /** The end a host set for the game; null: none (its pack's end counts). */
  async endOf(id: number): Promise<string | null> {
    const row = await this.db
      .selectFrom("games")
      .select("endsAt")
      .where("id", "=", id)
      .executeTakeFirst();
    return row?.endsAt ?? null;
  }

  /** Sets the end a host gives the game, or takes it (null). */
  async setEnd(id: number, endsAt: string | null): Promise<void> {
    await this.db.updateTable("games").set({ endsAt }).where("id", "=", id).execute();
  }

  /** Gives the game a host name of its own, or takes it (null); false when another has it. */
  async setHost(id: number, host: string | null): Promise<boolean> {
    if (host !== null) {
      const holder = await this.db
        .selectFrom("games")
        .select("id")
        .where("host", "=", host)
        .executeTakeFirst();
      if (holder && holder.id !== id) return false;
    }
    await this.db.updateTable("games").set({ host }).where("id", "=", id).execute();
    return true;
  }

  /**
   * Deletes the next batch of the archived game's rows, at most `limit` of a kind with what
   * hangs from them (store/game-erasure.ts); undefined when none are left. In a transaction.
   */
  eraseSome(id: number, limit: number): Promise<ErasedRows | undefined> {
    return eraseGameStep(this.db, id, limit);
  }

  /** Every game, the first first. */
  list(): Promise<GameRow[]> {
    return this.db.selectFrom("games").selectAll().orderBy("id").execute();
  }
}
