import type { FastifyPluginAsync } from "fastify";
import type { Store } from "../store/store";

/** Liveness and readiness for the process supervisor or load balancer. */
export function healthRoutes(store: Store): FastifyPluginAsync {
  return async (app) => {
    app.get("/healthz", async () => "ok");
    // The content pack is loaded before the app exists, so readiness hangs on the database.
    app.get("/readyz", async (request, reply) => {
      try {
        await store.ping();
        return "ready";
      } catch (error) {
        request.log.error({ err: error }, "database unreachable");
        return reply.code(503).send("database unreachable");
      }
    });
  };
}
