import type { FastifyPluginAsync } from "fastify";
import type { GameConsole } from "../../operator-views/game-console";
import type { OpsLive } from "../../operator-views/live";
import { openSseReply } from "../sse-reply";

/** What every operator watches: the overview, the map and the console's live stream. */
export function overviewRoutes(game: GameConsole, live: OpsLive): FastifyPluginAsync {
  return async (app) => {
    app.get("/overview", { config: { role: "viewer" } }, async () => game.overview());

    app.get("/map", { config: { role: "viewer" } }, async () => game.map());

    app.get("/live", { config: { role: "viewer" } }, async (_request, reply) => {
      reply.raw.on("close", live.connect(openSseReply(reply)));
      return reply;
    });
  };
}
