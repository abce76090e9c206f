import { z } from "zod";
import { operatorName, opsRoles } from "./ops";

/** What an operator may do, as the console's team page sets it: none makes a viewer. */
const roles = z
  .array(z.enum(opsRoles))
  .max(opsRoles.length)
  .refine((list) => new Set(list).size === list.length, "a role is named twice");

/** An operator of the installation as a game's team page lists them. */
export const opsOperator = z.object({
  name: z.string(),
  /** What the operator may do in this game besides looking. */
  roles: z.array(z.enum(opsRoles)),
  /** The operator sees this game; false: it is not theirs (and `roles` is empty). */
  member: z.boolean(),
  /** The installation's admin: sees every game, manages games and operators. */
  admin: z.boolean(),
  /** ISO 8601. */
  createdAt: z.string(),
});
export type OpsOperator = z.infer<typeof opsOperator>;

/** `GET /api/ops/operators`: every operator, by name. */
export const opsOperators = z.object({ operators: z.array(opsOperator) });
export type OpsOperators = z.infer<typeof opsOperators>;

/**
 * `PUT /api/ops/operators/{name}/roles`: the operator's roles in this game; `member: false`
 * takes the game from them; `admin` when given makes them the installation's admin or not.
 */
export const opsOperatorParams = z.object({ name: operatorName });
export const opsRolesRequest = z.object({
  roles,
  member: z.boolean().default(true),
  admin: z.boolean().optional(),
});
export type OpsRolesRequest = z.infer<typeof opsRolesRequest>;

/** `POST /api/ops/operators`: a new operator, signed in first with a one-time password. */
export const opsOperatorCreate = z.object({
  name: operatorName,
  /** Its roles in this game. */
  roles,
  admin: z.boolean().default(false),
});
export type OpsOperatorCreate = z.infer<typeof opsOperatorCreate>;

/** The new operator with the one-time password, shown once: only its hash is stored. */
export const opsOperatorCreated = opsOperator.extend({ password: z.string() });
export type OpsOperatorCreated = z.infer<typeof opsOperatorCreated>;
