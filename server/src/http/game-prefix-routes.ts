import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { GAME_NAME } from "@wegmarke/protocol";
import type { OpsGame } from "@wegmarke/protocol";
import { z } from "zod";
import { doc } from "./api-docs/describe";
import { leaveBodiesUnread, pathBelow } from "./hand-on";

/** What serves the other games' requests (compose/game-apps.ts). */
export type GameDispatch = {
  /** Answers the request with the game `name`'s server, given the path below its prefix. */
  dispatch(
    name: string,
    url: string,
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<void>;
  /** The game with the host name `host` of its own, answered from memory. */
  gameOfHost(host: string): string | undefined;
  /** The games that play of `visible` ("every": all), the first first, as the console lists them. */
  list(visible: ReadonlySet<number> | "every"): Promise<OpsGame[]>;
  /** Stops the game `name`'s server here, if it runs (archived). */
  stop(name: string): Promise<void>;
};

/**
 * A request to a game's own host name (decisions/054): handed whole to that game's server
 * before anything of this one reads it. Registered on the root, before every route.
 */
export function gameHosts(app: FastifyInstance, games: GameDispatch): void {
  app.addHook("onRequest", async (request, reply) => {
    const name = games.gameOfHost(request.hostname);
    if (name === undefined) return;
    reply.hijack();
    await games.dispatch(name, request.url, request.raw, reply.raw);
  });
}

/**
 * `/g/<name>/…`: every address of the game `name` (its app, its API, its media, its console's
 * calls), handed unread to that game's own server with the path below the prefix.
 */
export function gamePrefixRoutes(games: GameDispatch): FastifyPluginAsync {
  return async (app) => {
    leaveBodiesUnread(app);

    app.route<{ Params: { name: string; "*": string } }>({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url: "/g/:name/*",
      config: {
        ownHeaders: true,
        docs: doc("games", "Another game of the installation", {
          description:
            "Every address of the game `name` below `/g/<name>/`: its player app, API and media.",
          params: z.object({ name: z.string(), path: z.string() }),
          produces: "application/octet-stream",
        }),
      },
      handler: async (request, reply) => {
        const { name } = request.params;
        if (!GAME_NAME.test(name)) {
          return reply.code(404).type("text/plain; charset=utf-8").send(`no game "${name}"`);
        }
        const url = pathBelow(request);
        reply.hijack();
        await games.dispatch(name, url, request.raw, reply.raw);
      },
    });
  };
}
