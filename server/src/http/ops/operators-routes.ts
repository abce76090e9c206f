import {
  opsOperator,
  opsOperatorCreate,
  opsOperatorCreated,
  opsOperatorParams,
  opsOperators,
  opsRolesRequest,
} from "@wegmarke/protocol";
import type { OpsOperators } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { OperatorTeam } from "../../operator-accounts/operator-team";
import { parse } from "../parse";
import { callerOf } from "./gate";
import { doc } from "../api-docs/describe";

/**
 * The team, of the installation's admin (403 `admin role required` at the gate): every
 * operator with their roles in this game.
 */
export function operatorsRoutes(team: OperatorTeam): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/operators",
      {
        config: {
          role: "admin",
          docs: doc("ops", "The operators and their roles", { response: opsOperators }),
        },
      },
      async () => ({ operators: await team.list() }) satisfies OpsOperators,
    );

    app.post(
      "/operators",
      {
        config: {
          role: "admin",
          docs: doc("ops", "A new operator with a one-time password", {
            body: opsOperatorCreate,
            response: opsOperatorCreated,
          }),
        },
      },
      async (request, reply) => {
        const created = await team.add(callerOf(request), parse(opsOperatorCreate, request.body));
        return reply.code(201).send(created);
      },
    );

    app.put(
      "/operators/:name/roles",
      {
        config: {
          role: "admin",
          docs: doc("ops", "Set an operator's roles in this game, and whether admin", {
            params: opsOperatorParams,
            body: opsRolesRequest,
            response: opsOperator,
          }),
        },
      },
      async (request) => {
        const { name } = parse(opsOperatorParams, request.params, "path");
        return team.setRoles(callerOf(request), name, parse(opsRolesRequest, request.body));
      },
    );
  };
}
