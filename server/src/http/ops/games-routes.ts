import { opsGames } from "@wegmarke/protocol";
import type { OpsGame, OpsGames } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { doc } from "../api-docs/describe";

/**
 * The installation's games the console switches between (decisions/054), listed by the first
 * game's server only: every other game's operators' API is below its prefix.
 */
export function gamesRoutes(list: () => Promise<OpsGame[]>): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/games",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "The installation's games, for the console's choice", {
            response: opsGames,
          }),
        },
      },
      async (): Promise<OpsGames> => ({ games: await list() }),
    );
  };
}
