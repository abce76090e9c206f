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
 * The team: open to every operator at the gate, but only an operator with every role manages
 * the others (the team's own check, 403 `author and host roles required`).
 */
export function operatorsRoutes(team: OperatorTeam): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/operators",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "The operators and their roles", { response: opsOperators }),
        },
      },
      async (request) => {
        team.assertManager(callerOf(request));
        return { operators: await team.list() } satisfies OpsOperators;
      },
    );

    app.post(
      "/operators",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "A new operator with a one-time password", {
            body: opsOperatorCreate,
            response: opsOperatorCreated,
          }),
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        team.assertManager(caller);
        const { name, roles } = parse(opsOperatorCreate, request.body);
        return reply.code(201).send(await team.add(caller, name, roles));
      },
    );

    app.put(
      "/operators/:name/roles",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "Set an operator's roles", {
            params: opsOperatorParams,
            body: opsRolesRequest,
            response: opsOperator,
          }),
        },
      },
      async (request) => {
        const caller = callerOf(request);
        team.assertManager(caller);
        const { name } = parse(opsOperatorParams, request.params, "path");
        const { roles } = parse(opsRolesRequest, request.body);
        return team.setRoles(caller, name, roles);
      },
    );
  };
}
