import { OpsReason, opsRoles } from "@wegmarke/protocol";
import type {
  OpsOperator,
  OpsOperatorCreate,
  OpsOperatorCreated,
  OpsRolesRequest,
} from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { ServiceError } from "../errors";
import {
  OperatorAdminError,
  addOperator,
  setOperatorAdmin,
  setOperatorRoles,
} from "./operator-admin";
import type { ChangedBy } from "./operator-admin";
import type { OperatorStore } from "./operator-service";
import { rolesOf } from "./ops-caller";
import type { OpsCaller } from "./ops-caller";

export type OperatorTeamDeps = { store: OperatorStore; clock: Clock };

/**
 * The operators as a game's team page manages them (docs/security.md#operators), for the
 * installation's admin (the routes' role): lists every operator with their roles in this game,
 * adds one with a one-time password and sets what each may do here and whether they are an
 * admin, except for the caller. The audit log names who did it.
 */
export class OperatorTeam {
  constructor(private readonly deps: OperatorTeamDeps) {}

  /** Every operator of the installation, by name, with their roles in this game. */
  async list(): Promise<OpsOperator[]> {
    const rows = await this.deps.store.repos.operators.list();
    return rows.map(({ name, roles, admin, createdAt }) => ({
      name,
      roles: rolesOf(roles ?? ""),
      member: roles !== null,
      admin: admin === 1,
      createdAt,
    }));
  }

  /** Sets what `name` may do from the next call on; 404 for none, 409 for the caller's own. */
  async setRoles(
    caller: OpsCaller,
    name: string,
    { roles, member, admin }: OpsRolesRequest,
  ): Promise<OpsOperator> {
    if (caller.via === "session" && caller.name === name) {
      throw new ServiceError(409, OpsReason.ownRoles);
    }
    const { store, clock } = this.deps;
    const here = member ? opsRoles.filter((role) => roles.includes(role)) : null;
    await notFoundAs404(async () => {
      await setOperatorRoles(store, clock, name, here, changedBy(caller));
      if (admin !== undefined) await setOperatorAdmin(store, clock, name, admin, changedBy(caller));
    });
    const operator = (await this.list()).find((entry) => entry.name === name);
    if (!operator) throw new ServiceError(404, OpsReason.operatorNotFound);
    return operator;
  }

  /** A new operator with a one-time password, answered once; 409 when the name is taken. */
  async add(
    caller: OpsCaller,
    { name, roles, admin }: OpsOperatorCreate,
  ): Promise<OpsOperatorCreated> {
    const ordered = opsRoles.filter((role) => roles.includes(role));
    const { store, clock } = this.deps;
    try {
      const added = await addOperator(
        store,
        clock,
        name,
        { roles: ordered, admin },
        changedBy(caller),
      );
      const createdAt = (await store.repos.operators.findByName(added.name))?.createdAt ?? "";
      return { ...added, roles: ordered, member: true, admin, createdAt };
    } catch (error) {
      if (error instanceof OperatorAdminError) {
        throw new ServiceError(409, OpsReason.operatorExists);
      }
      throw error;
    }
  }
}

/** The command line's refusal of an unknown operator is a 404 here. */
async function notFoundAs404(work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (error) {
    if (error instanceof OperatorAdminError) {
      throw new ServiceError(404, OpsReason.operatorNotFound);
    }
    throw error;
  }
}

function changedBy(caller: OpsCaller): ChangedBy {
  return { via: caller.via, operator: caller.via === "session" ? caller.name : null };
}
