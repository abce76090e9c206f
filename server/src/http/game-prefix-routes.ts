import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
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

/** The route of the other games' addresses. */
const GAME_ROUTE = "/g/:name/*";
const gameRouteParams = z.object({ name: z.string(), "*": z.string() });

/**
 * Hands a request for another game whole to that game's server before anything of this one
 * reads it (no other hook, parser or handler of this server runs; decisions/054): one to a
 * game's own host name, or below `/g/<name>/` with the path below the prefix. Registered on the
 * root before every other hook; `games` is asked per request, as the games are made after this
 * server's first hooks (app.ts).
 */
export function handOverGames(app: FastifyInstance, games: () => GameDispatch | undefined): void {
  app.addHook("onRequest", async (request, reply) => {
    const dispatch = games();
    const target = dispatch && gameOf(request, dispatch);
    if (!dispatch || !target) return;
    reply.hijack();
    await dispatch.dispatch(target.name, target.url, request.raw, reply.raw);
  });
}

/** The game a request is for, and its path there; undefined for this server's own. */
function gameOf(
  request: FastifyRequest,
  games: GameDispatch,
): { name: string; url: string } | undefined {
  const host = games.gameOfHost(request.hostname);
  if (host !== undefined) return { name: host, url: request.url };
  if (request.routeOptions.url !== GAME_ROUTE) return undefined;
  const params = gameRouteParams.parse(request.params);
  // Not a game's name: the route answers 404.
  if (!GAME_NAME.test(params.name)) return undefined;
  return { name: params.name, url: pathBelow({ url: request.url, params }) };
}

/**
 * `/g/<name>/…`: every address of the game `name` (its app, its API, its media, its console's
 * calls). `handOverGames` takes each such request to that game's own server as it arrives; the
 * route names the addresses (the API description) and answers a name no game can have.
 */
export function gamePrefixRoutes(): FastifyPluginAsync {
  return async (app) => {
    leaveBodiesUnread(app);

    app.route<{ Params: { name: string; "*": string } }>({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url: GAME_ROUTE,
      config: {
        ownHeaders: true,
        docs: doc("games", "Another game of the installation", {
          description:
            "Every address of the game `name` below `/g/<name>/`: its player app, API and media.",
          params: z.object({ name: z.string(), path: z.string() }),
          produces: "application/octet-stream",
        }),
      },
      handler: async (request, reply) =>
        reply.code(404).type("text/plain; charset=utf-8").send(`no game "${request.params.name}"`),
    });
  };
}
