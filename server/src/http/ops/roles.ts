import { OpsReason } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import type { FastifyInstance } from "fastify";
import { ServiceError } from "../../errors";
import type { OpsCaller } from "../../operator-accounts/operator-service";

/**
 * Who may call an operator route, stated where the route is declared
 * (`config: { role: … }`, docs/security.md#operators): "viewer" is any signed-in operator (a
 * sponsor or a teacher watching has neither role); a role, or a list of roles of which one
 * suffices, is needed besides. The token has every role.
 */
export type OpsRouteRole = "viewer" | OpsRole | readonly [OpsRole, ...OpsRole[]];

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
        '(config: { role: "viewer" | "author" | "host" | [...] }, http/ops/roles.ts)',
    );
  });
}

/**
 * 403 unless the caller has a role that opens the route (`role`, as the route declares it);
 * a route that declares none is refused to everyone, the token included.
 */
export function assertCallerRole(caller: OpsCaller, role: OpsRouteRole | undefined): void {
  if (role === undefined) throw new ServiceError(403, OpsReason.roleRequired);
  if (role === "viewer" || caller.via === "token") return;
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
