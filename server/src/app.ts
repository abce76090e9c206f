import fastifyCors from "@fastify/cors";
import Fastify from "fastify";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AccountService } from "./accounts/account-service";
import { systemClock } from "./clock";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { ContentPack } from "./content/model";
import { ServiceError } from "./errors";
import { createInProcessBus } from "./events/bus";
import { StreamHub } from "./events/stream-hub";
import { GameService } from "./game/game-service";
import { ScriptCatalog } from "./game/script-catalog";
import { accountRoutes } from "./http/account-routes";
import { contentRoutes } from "./http/content-routes";
import { eventStreamRoute } from "./http/event-stream";
import { gameRoutes } from "./http/game-routes";
import { healthRoutes } from "./http/health-routes";
import { loggerOptions } from "./http/logging";
import { staticRoutes } from "./http/static";
import type { Store } from "./store/store";

const PLAIN = "text/plain; charset=utf-8";

export type AppDeps = {
  config: Config;
  pack: ContentPack;
  /** Migrated and open; the caller closes it after the app. */
  store: Store;
  clock?: Clock;
  /** How long `close` waits for busy connections before it cuts them. */
  shutdownGraceMs?: number;
};

/** Builds the whole server as a Fastify instance, ready to `listen` (or to test in-process). */
export async function buildApp({
  config,
  pack,
  store,
  clock = systemClock,
  shutdownGraceMs = 5_000,
}: AppDeps) {
  const app = Fastify({ logger: loggerOptions(config.logLevel) });

  app.addContentTypeParser(
    "application/x-www-form-urlencoded",
    { parseAs: "string" },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.setErrorHandler(answerError);
  app.setNotFoundHandler((_request, reply) => reply.code(404).type(PLAIN).send("not found"));
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT"],
  });

  const bus = createInProcessBus();
  const hub = new StreamHub({
    bus,
    readAfter: (stream, seq) => store.repos.events.listAfter(stream, seq),
    onError: (error) => app.log.error({ err: error }, "event stream failed"),
  });
  const accounts = new AccountService({ store, pack, clock });
  const game = new GameService({ store, pack, scripts: new ScriptCatalog(pack), clock, bus });

  await app.register(api(accountRoutes(accounts)), { prefix: "/api/account" });
  await app.register(api(gameRoutes(accounts, game)), { prefix: "/api/game" });
  await app.register(api(eventStreamRoute(accounts, game, hub)), { prefix: "/api/game" });
  await app.register(contentRoutes(pack));
  await app.register(staticRoutes(config.webDist));
  await app.register(healthRoutes(store));

  app.addHook("preClose", async () => {
    // Open streams would keep `close` waiting forever; end them, with a reconnect hint.
    hub.closeAll();
    // Node counts a socket that never sent a request (a browser's preconnect) as busy, and
    // in-flight calls get a moment to finish: after the grace period everything is cut.
    setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
  });
  return app;
}

/** API answers are per player and per moment: no cache may keep them. */
function api(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    await app.register(routes);
  };
}

/** Failures answer with their status and a plain-text reason; only real faults are 500s. */
function answerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ServiceError) {
    return reply.code(error.status).type(PLAIN).send(error.reason);
  }
  // Fastify's own 4xx: unparsable JSON, unsupported content type, body too large...
  if (error.statusCode !== undefined && error.statusCode < 500) {
    return reply.code(error.statusCode).type(PLAIN).send(error.message);
  }
  reply.log.error({ err: error }, "request failed");
  return reply.code(500).type(PLAIN).send("internal error");
}
