import { opsRoles } from "@wegmarke/protocol";
import type { OpsMe, OpsRole } from "@wegmarke/protocol";

/** Who made an operator call, as the pre-handler of `/api/ops/` found it. */
export type OpsCaller =
  | {
      via: "session";
      /** The operator's id. */
      id: number;
      name: string;
      tokenHash: string;
      expiresAt: string;
      /** The operator signed in with a one-time password and has not chosen one yet. */
      passwordChangeRequired: boolean;
      /** What the operator may do in this game besides looking. */
      roles: OpsRole[];
      /** The operator has a role in this game (a viewer's at least). */
      member: boolean;
      /** The installation's admin: sees every game, creates games, manages the operators. */
      admin: boolean;
    }
  | { via: "token" };

/** What `/api/ops/me` answers for `caller`. */
export function meOf(caller: OpsCaller): OpsMe {
  if (caller.via === "token") {
    return { name: null, roles: [...opsRoles], member: true, admin: true, via: "token" };
  }
  const { name, expiresAt, passwordChangeRequired, roles, member, admin } = caller;
  return {
    name,
    roles,
    member: member || admin,
    admin,
    via: "session",
    expiresAt,
    ...(passwordChangeRequired && { passwordChangeRequired }),
  };
}

/** The roles as stored (`author,host`), known ones only, in their order. */
export function rolesOf(stored: string): OpsRole[] {
  const given = stored.split(",").map((role) => role.trim());
  return opsRoles.filter((role) => given.includes(role));
}
