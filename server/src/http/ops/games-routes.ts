import { opsGames } from "@wegmarke/protocol";
import type { OpsGame, OpsGames } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { OpsCaller } from "../../operator-accounts/ops-caller";
import { doc } from "../api-docs/describe";
import { callerOf } from "./gate";

/**
 * The games the console switches between (decisions/054): those the operator has a role in,
 * every one for the admin. Listed by the first game's server only, to any operator signed in:
 * every other game's operators' API is below its prefix.
 */
export function gamesRoutes(list: (caller: OpsCaller) => Promise<OpsGame[]>): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/games",
      {
        config: {
          role: "operator",
          docs: doc("ops", "The games the operator sees, for the console's choice", {
            response: opsGames,
          }),
        },
      },
      async (request): Promise<OpsGames> => ({ games: await list(callerOf(request)) }),
    );
  };
}
