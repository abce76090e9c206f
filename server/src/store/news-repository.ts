import type { Kysely, Selectable } from "kysely";
import type { NewsTable } from "./message-tables";
import type { Database } from "./schema";

export type NewsRow = Selectable<NewsTable>;

/** The news operators send to every player of their game (game/news-service.ts). */
export class NewsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  async insert(news: Omit<NewsRow, "id" | "gameId">): Promise<NewsRow> {
    return this.db
      .insertInto("news")
      .values({ ...news, gameId: this.game })
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  /** Every item, newest first (the console's list). */
  list(): Promise<NewsRow[]> {
    return this.mine().orderBy("id", "desc").execute();
  }

  private mine() {
    return this.db.selectFrom("news").selectAll().where("gameId", "=", this.game);
  }

  /** The items players see: not withdrawn, newest first, at most `limit`. */
  current(limit: number): Promise<NewsRow[]> {
    return this.mine()
      .where("withdrawnAt", "is", null)
      .orderBy("id", "desc")
      .limit(limit)
      .execute();
  }

  /** Withdraws an item (once: a second call keeps the first time); undefined for no such item. */
  async withdraw(id: number, at: string): Promise<NewsRow | undefined> {
    await this.db
      .updateTable("news")
      .set({ withdrawnAt: at })
      .where("id", "=", id)
      .where("gameId", "=", this.game)
      .where("withdrawnAt", "is", null)
      .execute();
    return this.mine().where("id", "=", id).executeTakeFirst();
  }
}
