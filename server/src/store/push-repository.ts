import type { Kysely, Selectable } from "kysely";
import type { Language } from "@wegmarke/protocol";
import type { PushSubscriptionsTable } from "./push-tables";
import type { Database } from "./schema";

export type PushSubscriptionRow = Selectable<PushSubscriptionsTable>;

/** A subscription to send to, with the language its player plays in. */
export type PushTarget = Pick<PushSubscriptionRow, "endpoint" | "p256dh" | "auth" | "playerId"> & {
  language: Language;
};

/**
 * Devices that take Web Push (push/), and the keys the server made itself (the installation's).
 * A device belongs to the game of its player: the lists and the count are the game's
 * (decisions/054).
 */
export class PushRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /**
   * Stores a device's subscription, the newest of its player's. The same endpoint again is
   * updated when this session made it, or when the caller brings the keys stored with it (the
   * device's secrets, which only that browser holds): then it moves to this session. Otherwise
   * it stays another's, and this answers false.
   */
  async save(row: PushSubscriptionRow): Promise<boolean> {
    const result = await this.db
      .insertInto("pushSubscriptions")
      .values(row)
      .onConflict((oc) =>
        oc
          .column("endpoint")
          .doUpdateSet({
            tokenHash: row.tokenHash,
            playerId: row.playerId,
            p256dh: row.p256dh,
            auth: row.auth,
            news: row.news,
            createdAt: row.createdAt,
          })
          .where((eb) =>
            eb.or([
              eb("pushSubscriptions.tokenHash", "=", row.tokenHash),
              eb.and([
                eb("pushSubscriptions.p256dh", "=", row.p256dh),
                eb("pushSubscriptions.auth", "=", row.auth),
              ]),
            ]),
          ),
      )
      .executeTakeFirst();
    return result.numInsertedOrUpdatedRows !== undefined && result.numInsertedOrUpdatedRows > 0n;
  }

  /**
   * Ends a player's subscriptions but the newest `keep`. A statement of its own after the save:
   * the last of concurrent saves sees every row they wrote.
   */
  async keepNewest(playerId: number, keep: number): Promise<void> {
    await this.db
      .deleteFrom("pushSubscriptions")
      .where("playerId", "=", playerId)
      .where("endpoint", "not in", (eb) =>
        eb
          .selectFrom("pushSubscriptions")
          .select("endpoint")
          .where("playerId", "=", playerId)
          .orderBy("createdAt", "desc")
          .orderBy("endpoint", "desc")
          .limit(keep),
      )
      .execute();
  }

  /** Ends a subscription, of this session only when `tokenHash` is given; whether one ended. */
  async delete(endpoint: string, tokenHash?: string): Promise<boolean> {
    let query = this.db.deleteFrom("pushSubscriptions").where("endpoint", "=", endpoint);
    if (tokenHash !== undefined) query = query.where("tokenHash", "=", tokenHash);
    const result = await query.executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** The subscriptions of a session (the device's settings). */
  ofSession(tokenHash: string): Promise<PushSubscriptionRow[]> {
    return this.db
      .selectFrom("pushSubscriptions")
      .selectAll()
      .where("tokenHash", "=", tokenHash)
      .execute();
  }

  /** Every device of those of these players who are the game's. */
  ofPlayers(playerIds: number[]): Promise<PushTarget[]> {
    if (playerIds.length === 0) return Promise.resolve([]);
    return this.targets().where("pushSubscriptions.playerId", "in", playerIds).execute();
  }

  /**
   * A page of the game's devices (`newsOnly`: of those that take ordinary news), in endpoint order
   * after `after`: a broadcast reads them a page at a time.
   */
  page(after: string, limit: number, newsOnly: boolean): Promise<PushTarget[]> {
    let query = this.targets()
      .where("pushSubscriptions.endpoint", ">", after)
      .orderBy("pushSubscriptions.endpoint")
      .limit(limit);
    if (newsOnly) query = query.where("pushSubscriptions.news", "=", 1);
    return query.execute();
  }

  /** The game's devices that take pushes. */
  async count(): Promise<number> {
    const row = await this.db
      .selectFrom("pushSubscriptions")
      .innerJoin("players", "players.id", "pushSubscriptions.playerId")
      .select((eb) => eb.fn.countAll<string | number>().as("n"))
      .where("players.gameId", "=", this.game)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** A key the server made (`vapid`), if one was stored. */
  async serverKey(name: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom("serverKeys")
      .select("value")
      .where("name", "=", name)
      .executeTakeFirst();
    return row?.value;
  }

  /** Stores `value` under `name` unless a key is there already (another instance's): keeps the first. */
  async addServerKey(name: string, value: string): Promise<void> {
    await this.db
      .insertInto("serverKeys")
      .values({ name, value })
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
  }

  private targets() {
    return this.db
      .selectFrom("pushSubscriptions")
      .innerJoin("players", "players.id", "pushSubscriptions.playerId")
      .select([
        "pushSubscriptions.endpoint",
        "pushSubscriptions.p256dh",
        "pushSubscriptions.auth",
        "pushSubscriptions.playerId",
        "players.language",
      ])
      .where("players.gameId", "=", this.game);
  }
}
