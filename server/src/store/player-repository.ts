import { sql } from "kysely";
import type { Insertable, Kysely, Selectable, Updateable } from "kysely";
import type { Database, PlayersTable } from "./schema";

export type PlayerRow = Selectable<PlayersTable>;
/** A new player: its game is the repository's. */
export type NewPlayer = Omit<Insertable<PlayersTable>, "gameId">;
/** A signed-in player with the time the session was last used (to the hour). */
export type SessionPlayer = PlayerRow & { sessionUsedAt: string };

/** A player account belongs to one game (decisions/054): this repository reads and writes its game's. */
export class PlayerRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /** Inserts a player and returns its id. */
  async create(player: NewPlayer): Promise<number> {
    const row = await this.db
      .insertInto("players")
      .values({ ...player, gameId: this.game })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Inserts a player with a phone number and returns its id; undefined when the number has a
   * player already (one another instance inserted a moment ago, say). No error either way.
   */
  async createForPhone(player: NewPlayer & { phone: string }): Promise<number | undefined> {
    const row = await this.db
      .insertInto("players")
      .values({ ...player, gameId: this.game })
      .onConflict((conflict) => conflict.columns(["gameId", "phone"]).doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id;
  }

  find(id: number): Promise<PlayerRow | undefined> {
    return this.mine().where("id", "=", id).executeTakeFirst();
  }

  /** The player with this canonical phone number (registered or pending). */
  findByPhone(phone: string): Promise<PlayerRow | undefined> {
    return this.mine().where("phone", "=", phone).executeTakeFirst();
  }

  private mine() {
    return this.db.selectFrom("players").selectAll().where("gameId", "=", this.game);
  }

  /**
   * The player one of whose sessions has this token hash. Every call and every stream asks
   * this, so its SQL is written out rather than built each time.
   */
  async findByTokenHash(tokenHash: string): Promise<SessionPlayer | undefined> {
    const { rows } = await sql<SessionPlayer>`select players.*,
        coalesce(sessions.last_used_at, sessions.created_at) as session_used_at
      from sessions join players on players.id = sessions.player_id
      where sessions.token_hash = ${tokenHash} and players.game_id = ${this.game}`.execute(this.db);
    return rows[0];
  }

  async update(id: number, changes: Updateable<Omit<PlayersTable, "gameId">>): Promise<void> {
    await this.db
      .updateTable("players")
      .set(changes)
      .where("id", "=", id)
      .where("gameId", "=", this.game)
      .execute();
  }

  /** Deletes the row; its sessions, SMS code and reset links go with it (foreign keys). */
  async delete(id: number): Promise<void> {
    await this.db
      .deleteFrom("players")
      .where("id", "=", id)
      .where("gameId", "=", this.game)
      .execute();
  }

  /** A stream of the player opened or closed now (the operators' "last seen"). */
  async seen(id: number, at: string): Promise<void> {
    await this.db
      .updateTable("players")
      .set({ lastSeenAt: at })
      .where("id", "=", id)
      .where("gameId", "=", this.game)
      .execute();
  }

  /** The first names of those of `ids` that have one (registered players). */
  async firstNames(ids: number[]): Promise<Map<number, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("players")
      .select(["id", "firstName"])
      .where("id", "in", ids)
      .where("gameId", "=", this.game)
      .where("firstName", "is not", null)
      .execute();
    return new Map(rows.flatMap((row) => (row.firstName ? [[row.id, row.firstName]] : [])));
  }

  /** The ids of the team's members, oldest account first. */
  async idsInTeam(teamId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom("players")
      .select("id")
      .where("gameId", "=", this.game)
      .where("teamId", "=", teamId)
      .orderBy("id")
      .execute();
    return rows.map((row) => row.id);
  }

  async countInTeam(teamId: number): Promise<number> {
    const row = await this.db
      .selectFrom("players")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("gameId", "=", this.game)
      .where("teamId", "=", teamId)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * Players registered at or before `cutoff` whose game state (their own stream, or their team's)
   * holds no station run: nobody activated a station for them. `among` narrows the search to
   * those ids.
   */
  async listInactiveSince(
    cutoff: string,
    limit: number,
    among?: number[],
  ): Promise<Pick<PlayerRow, "id" | "teamId">[]> {
    if (among?.length === 0) return [];
    let query = this.db.selectFrom("players").where("players.gameId", "=", this.game);
    if (among) query = query.where("players.id", "in", among);
    return query
      .select(["players.id", "players.teamId"])
      .where("players.createdAt", "<=", cutoff)
      .where(({ exists, not, selectFrom }) =>
        not(
          exists(
            selectFrom("stationRuns")
              .select("stationRuns.stationId")
              .where((eb) =>
                eb.or([
                  eb("stationRuns.stream", "=", sql<string>`'player:' || ${eb.ref("players.id")}`),
                  eb(
                    "stationRuns.stream",
                    "=",
                    sql<string>`'team:' || ${eb.ref("players.teamId")}`,
                  ),
                ]),
              ),
          ),
        ),
      )
      .orderBy("players.id")
      .limit(limit)
      .execute();
  }
}
