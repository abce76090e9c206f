import { opsOperator, opsOperatorCreated, opsOperators } from "@wegmarke/protocol";
import type { OpsOperator, OpsOperatorCreated, OpsOperators } from "@wegmarke/protocol";
import { call } from "./client";

/** Every operator with their roles in this game (for an admin). */
export const getOperators = (signal?: AbortSignal): Promise<OpsOperators> =>
  call("/operators", { schema: opsOperators, ...(signal && { signal }) });

/** What an operator may do: roles in this game, whether they see it, whether admin. */
export type OperatorGrant = Pick<OpsOperator, "roles" | "member" | "admin">;

/** Sets what `name` may do; answers the operator as now stored. */
export const setOperatorRoles = (name: string, grant: OperatorGrant): Promise<OpsOperator> =>
  call(`/operators/${encodeURIComponent(name)}/roles`, {
    method: "PUT",
    body: grant,
    schema: opsOperator,
  });

/** A new operator of this game, with the one-time password to hand over. */
export const addTeamOperator = (
  name: string,
  { roles, admin }: Omit<OperatorGrant, "member">,
): Promise<OpsOperatorCreated> =>
  call("/operators", {
    method: "POST",
    body: { name, roles, admin },
    schema: opsOperatorCreated,
  });
