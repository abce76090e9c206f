import type { Kysely, Selectable } from "kysely";
import type { Database, OperatorAuditTable, OperatorSessionsTable, OperatorsTable } from "./schema";

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorAuditRow = Selectable<OperatorAuditTable>;
export type NewAuditEntry = Omit<OperatorAuditRow, "id" | "gameId">;

/**
 * Operators (of the installation), their roles in one game, their console sessions (of the
 * installation) and the audit log of their calls in the game.
 */
export class OperatorRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly game: number,
  ) {}

  /** Answers the new operator's id; undefined when the name is taken. */
  async create(name: string, passwordHash: string, at: string): Promise<number | undefined> {
    const row = await this.db
      .insertInto("operators")
      .values({ name, passwordHash, createdAt: at })
      .onConflict((oc) => oc.column("name").doNothing())
      .returning("id")
      .executeTakeFirst();
    return row?.id;
  }

  async findByName(name: string): Promise<OperatorRow | undefined> {
    return this.db.selectFrom("operators").selectAll().where("name", "=", name).executeTakeFirst();
  }

  /** Every operator of the installation, by name, with their roles in this game (null: none). */
  async list(): Promise<(OperatorRow & { roles: string | null })[]> {
    return this.db
      .selectFrom("operators")
      .leftJoin("operatorRoles", (join) =>
        join
          .onRef("operatorRoles.operatorId", "=", "operators.id")
          .on("operatorRoles.gameId", "=", this.game),
      )
      .selectAll("operators")
      .select("operatorRoles.roles")
      .orderBy("operators.name")
      .execute();
  }

  /**
   * Sets what the operator may do in this game (`author,host`, "" for a viewer), or takes the
   * game from them (null); false when there is none of that name.
   */
  async setRoles(name: string, roles: string | null): Promise<boolean> {
    const operator = await this.findByName(name);
    if (!operator) return false;
    if (roles === null) {
      await this.db
        .deleteFrom("operatorRoles")
        .where("operatorId", "=", operator.id)
        .where("gameId", "=", this.game)
        .execute();
      return true;
    }
    await this.db
      .insertInto("operatorRoles")
      .values({ operatorId: operator.id, gameId: this.game, roles })
      .onConflict((oc) => oc.columns(["operatorId", "gameId"]).doUpdateSet({ roles }))
      .execute();
    return true;
  }

  /** Makes the operator the installation's admin or not; false when there is none of that name. */
  async setAdmin(name: string, admin: boolean): Promise<boolean> {
    const result = await this.db
      .updateTable("operators")
      .set({ admin: admin ? 1 : 0 })
      .where("name", "=", name)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The operator's roles in this game as stored; null: none. */
  async rolesHere(operatorId: number): Promise<string | null> {
    const row = await this.db
      .selectFrom("operatorRoles")
      .select("roles")
      .where("operatorId", "=", operatorId)
      .where("gameId", "=", this.game)
      .executeTakeFirst();
    return row?.roles ?? null;
  }

  /** The games the operator has roles in (of every game, not this one's only). */
  async gamesOf(operatorId: number): Promise<{ gameId: number; roles: string }[]> {
    return this.db
      .selectFrom("operatorRoles")
      .select(["gameId", "roles"])
      .where("operatorId", "=", operatorId)
      .orderBy("gameId")
      .execute();
  }

  /** Deletes the operator and its sessions; false when there was none of that name. */
  async remove(name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom("operators")
      .where("name", "=", name)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** A new one-time password (to be changed at sign-in); every session of the operator ends. */
  async setPassword(id: number, passwordHash: string): Promise<void> {
    await this.db
      .updateTable("operators")
      .set({ passwordHash, passwordChosenAt: null })
      .where("id", "=", id)
      .execute();
    await this.db.deleteFrom("operatorSessions").where("operatorId", "=", id).execute();
  }

  /** The password the operator chose; every other session of the operator ends. */
  async choosePassword(
    id: number,
    passwordHash: string,
    at: string,
    keepSession: string,
  ): Promise<void> {
    await this.db
      .updateTable("operators")
      .set({ passwordHash, passwordChosenAt: at })
      .where("id", "=", id)
      .execute();
    await this.db
      .deleteFrom("operatorSessions")
      .where("operatorId", "=", id)
      .where("tokenHash", "<>", keepSession)
      .execute();
  }

  async createSession(session: Selectable<OperatorSessionsTable>): Promise<void> {
    await this.db.insertInto("operatorSessions").values(session).execute();
  }

  /**
   * The operator of an unexpired session, with the session's end and their roles in this game
   * (null: none).
   */
  async findSession(
    tokenHash: string,
    now: string,
  ): Promise<
    | {
        operatorId: number;
        name: string;
        expiresAt: string;
        passwordChosenAt: string | null;
        admin: number;
        roles: string | null;
      }
    | undefined
  > {
    return this.db
      .selectFrom("operatorSessions")
      .innerJoin("operators", "operators.id", "operatorSessions.operatorId")
      .leftJoin("operatorRoles", (join) =>
        join
          .onRef("operatorRoles.operatorId", "=", "operators.id")
          .on("operatorRoles.gameId", "=", this.game),
      )
      .select([
        "operators.id as operatorId",
        "operators.name",
        "operatorSessions.expiresAt",
        "operators.passwordChosenAt",
        "operators.admin",
        "operatorRoles.roles",
      ])
      .where("operatorSessions.tokenHash", "=", tokenHash)
      .where("operatorSessions.expiresAt", ">", now)
      .executeTakeFirst();
  }

  async deleteSession(tokenHash: string): Promise<void> {
    await this.db.deleteFrom("operatorSessions").where("tokenHash", "=", tokenHash).execute();
  }

  async deleteExpiredSessions(now: string): Promise<void> {
    await this.db.deleteFrom("operatorSessions").where("expiresAt", "<=", now).execute();
  }

  async audit(entry: NewAuditEntry): Promise<void> {
    await this.db
      .insertInto("operatorAudit")
      .values({ ...entry, gameId: this.game })
      .execute();
  }

  /** The newest `limit` entries, those older than the entry `before` when given. */
  async auditPage(limit: number, before?: number): Promise<OperatorAuditRow[]> {
    let query = this.db.selectFrom("operatorAudit").selectAll().where("gameId", "=", this.game);
    if (before !== undefined) query = query.where("id", "<", before);
    return query.orderBy("id", "desc").limit(limit).execute();
  }
}
