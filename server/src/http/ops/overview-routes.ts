import type { FastifyPluginAsync } from "fastify";
import type { GameConsole } from "../../operator-views/game-console";
import type { OpsLive } from "../../operator-views/live";
import { openSseReply } from "../sse-reply";
import { opsMap, opsOverview } from "@wegmarke/protocol";
import { doc } from "../api-docs/describe";

/** What every operator watches: the overview, the map and the console's live stream. */
export function overviewRoutes(game: GameConsole, live: OpsLive): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/overview",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "Counts and the station funnel", { response: opsOverview }),
        },
      },
      async () => game.overview(),
    );

    app.get(
      "/map",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "The teams' shared positions", { response: opsMap }),
        },
      },
      async () => game.map(),
    );

    app.get(
      "/live",
      {
        config: {
          role: "viewer",
          docs: doc("ops", "The console's live stream (server-sent events)", {
            produces: "text/event-stream",
          }),
        },
      },
      async (_request, reply) => {
        reply.raw.on("close", live.connect(openSseReply(reply)));
        return reply;
      },
    );
  };
}
