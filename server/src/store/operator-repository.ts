import type { Kysely, Selectable } from "kysely";
import type { Database, OperatorAuditTable, OperatorSessionsTable, OperatorsTable } from "./schema";

export type OperatorRow = Selectable<OperatorsTable>;
export type OperatorAuditRow = Selectable<OperatorAuditTable>;
export type NewAuditEntry = Omit<OperatorAuditRow, "id" | "gameId">;

/** Operators, their console sessions and the audit log of their calls in one game. */
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

  /** Every operator, by name. */
  async list(): Promise<OperatorRow[]> {
    return this.db.selectFrom("operators").selectAll().orderBy("name").execute();
  }

  /** Sets what the operator may do; false when there is none of that name. */
  async setRoles(name: string, roles: string): Promise<boolean> {
    const result = await this.db
      .updateTable("operators")
      .set({ roles })
      .where("name", "=", name)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
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

  /** The operator of an unexpired session, with the session's end. */
  async findSession(
    tokenHash: string,
    now: string,
  ): Promise<
    | {
        operatorId: number;
        name: string;
        expiresAt: string;
        passwordChosenAt: string | null;
        roles: string;
      }
    | undefined
  > {
    return this.db
      .selectFrom("operatorSessions")
      .innerJoin("operators", "operators.id", "operatorSessions.operatorId")
      .select([
        "operators.id as operatorId",
        "operators.name",
        "operatorSessions.expiresAt",
        "operators.passwordChosenAt",
        "operators.roles",
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
