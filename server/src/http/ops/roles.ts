import { OpsReason } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import type { FastifyInstance } from "fastify";
import { ServiceError } from "../../errors";
import type { OpsCaller } from "../../operator-accounts/ops-caller";

/**
 * Who may call an operator route, stated where the route is declared
 * (`config: { role: … }`, docs/security.md#operators): "operator" is any signed-in operator of
 * the installation (the session's own calls, the list of their games); "viewer" one who sees
 * this game (a sponsor or a teacher watching has neither role in it); a role, or a list of
 * roles of which one suffices, is needed besides; "admin" is the installation's admin. The
 * token has every role.
 */
export type OpsRouteRole =
  "operator" | "viewer" | "admin" | OpsRole | readonly [OpsRole, ...OpsRole[]];

declare module "fastify" {
  interface FastifyContextConfig {
    /** Who may call this route; every route below `/api/ops/` states it (ops/gate.ts). */
    role?: OpsRouteRole;
    /** An operator with a one-time password may call it: it leads to the password's change. */
    beforePasswordChange?: true;
  }
}

/**
 * Every route declared on `app` (and the plugins it registers after this call) must state its
 * role: one that does not throws while it is registered, so the server does not start.
 */
export function requireDeclaredRoles(app: FastifyInstance): void {
  app.addHook("onRoute", ({ method, url, config }) => {
    if (config?.role !== undefined) return;
    throw new Error(
      `${[method].flat().join(",")} ${url}: an operator route states its role ` +
        '(config: { role: "operator" | "viewer" | "author" | "host" | [...] | "admin" }, ' +
        "http/ops/roles.ts)",
    );
  });
}

/**
 * 403 unless the caller has a role that opens the route (`role`, as the route declares it);
 * a route that declares none is refused to everyone, the token included. An admin sees every
 * game; any other operator only those they have a role in.
 */
export function assertCallerRole(caller: OpsCaller, role: OpsRouteRole | undefined): void {
  if (role === undefined) throw new ServiceError(403, OpsReason.roleRequired);
  if (role === "operator" || caller.via === "token") return;
  if (role === "admin") {
    if (caller.admin) return;
    throw new ServiceError(403, OpsReason.adminRequired);
  }
  if (!caller.member && !caller.admin) throw new ServiceError(403, OpsReason.notYourGame);
  if (role === "viewer") return;
  const roles: readonly OpsRole[] = typeof role === "string" ? [role] : role;
  if (roles.some((one) => caller.roles.includes(one))) return;
  const [only, ...more] = roles;
  const reason =
    more.length > 0
      ? OpsReason.roleRequired
      : only === "author"
        ? OpsReason.authorRequired
        : OpsReason.hostRequired;
  throw new ServiceError(403, reason);
}
