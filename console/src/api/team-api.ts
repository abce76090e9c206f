import { opsOperator, opsOperatorCreated, opsOperators } from "@wegmarke/protocol";
import type { OpsOperator, OpsOperatorCreated, OpsOperators, OpsRole } from "@wegmarke/protocol";
import { call } from "./client";

/** Every operator with their roles (for an operator with every role). */
export const getOperators = (signal?: AbortSignal): Promise<OpsOperators> =>
  call("/operators", { schema: opsOperators, ...(signal && { signal }) });

/** Sets what `name` may do; answers the operator as now stored. */
export const setOperatorRoles = (name: string, roles: OpsRole[]): Promise<OpsOperator> =>
  call(`/operators/${encodeURIComponent(name)}/roles`, {
    method: "PUT",
    body: { roles },
    schema: opsOperator,
  });

/** A new operator, with the one-time password to hand over. */
export const addTeamOperator = (name: string, roles: OpsRole[]): Promise<OpsOperatorCreated> =>
  call("/operators", { method: "POST", body: { name, roles }, schema: opsOperatorCreated });
