import { OpsReason, opsRoles } from "@wegmarke/protocol";
import type { OpsOperator, OpsOperatorCreated, OpsRole } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { ServiceError } from "../errors";
import { OperatorAdminError, addOperator, setOperatorRoles } from "./operator-admin";
import type { ChangedBy } from "./operator-admin";
import { rolesOf } from "./operator-service";
import type { OperatorStore, OpsCaller } from "./operator-service";

export type OperatorTeamDeps = { store: OperatorStore; clock: Clock };

/**
 * The operators as the console's team page manages them (docs/security.md#operators): an
 * operator with every role (or OPERATOR_TOKEN) lists them, adds one with a one-time password
 * and sets what each may do, except their own roles. The audit log names who did it.
 */
export class OperatorTeam {
  constructor(private readonly deps: OperatorTeamDeps) {}

  /** 403 unless the caller holds every role. */
  assertManager(caller: OpsCaller): void {
    if (caller.via === "session" && !opsRoles.every((role) => caller.roles.includes(role))) {
      throw new ServiceError(403, OpsReason.everyRoleRequired);
    }
  }

  /** Every operator, by name. */
  async list(): Promise<OpsOperator[]> {
    const rows = await this.deps.store.repos.operators.list();
    return rows.map(({ name, roles, createdAt }) => ({ name, roles: rolesOf(roles), createdAt }));
  }

  /** Sets what `name` may do from the next call on; 404 for none, 409 for the caller's own. */
  async setRoles(caller: OpsCaller, name: string, roles: OpsRole[]): Promise<OpsOperator> {
    if (caller.via === "session" && caller.name === name) {
      throw new ServiceError(409, OpsReason.ownRoles);
    }
    const ordered = opsRoles.filter((role) => roles.includes(role));
    try {
      await setOperatorRoles(this.deps.store, this.deps.clock, name, ordered, changedBy(caller));
    } catch (error) {
      if (error instanceof OperatorAdminError) {
        throw new ServiceError(404, OpsReason.operatorNotFound);
      }
      throw error;
    }
    const operator = (await this.list()).find((entry) => entry.name === name);
    if (!operator) throw new ServiceError(404, OpsReason.operatorNotFound);
    return operator;
  }

  /** A new operator with a one-time password, answered once; 409 when the name is taken. */
  async add(caller: OpsCaller, name: string, roles: OpsRole[]): Promise<OpsOperatorCreated> {
    const ordered = opsRoles.filter((role) => roles.includes(role));
    const { store, clock } = this.deps;
    try {
      const added = await addOperator(store, clock, name, ordered, changedBy(caller));
      const createdAt = (await store.repos.operators.findByName(added.name))?.createdAt ?? "";
      return { ...added, roles: ordered, createdAt };
    } catch (error) {
      if (error instanceof OperatorAdminError) {
        throw new ServiceError(409, OpsReason.operatorExists);
      }
      throw error;
    }
  }
}

function changedBy(caller: OpsCaller): ChangedBy {
  return { via: caller.via, operator: caller.via === "session" ? caller.name : null };
}
