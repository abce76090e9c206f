import type { FastifyPluginAsync } from "fastify";
import type { Clock } from "../clock";
import type { Store } from "../store/store";
import { doc } from "./api-docs/describe";

/** Liveness and readiness for the process supervisor or load balancer. */
export function healthRoutes(
  store: Pick<Store, "ping" | "checkWrite">,
  clock: Clock,
): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/healthz",
      { config: { docs: doc("service", "Liveness", { produces: "text/plain" }) } },
      async () => "ok",
    );
    // The content pack is loaded before the app exists, so readiness hangs on the database: it
    // must answer and take a write (a full disk answers reads and refuses every answer).
    app.get(
      "/readyz",
      {
        config: {
          docs: doc("service", "Readiness: the database answers and writes, content loaded", {
            produces: "text/plain",
          }),
        },
      },
      async (request, reply) => {
        try {
          await store.ping();
        } catch (error) {
          request.log.error({ err: error }, "database unreachable");
          return reply.code(503).send("database unreachable");
        }
        try {
          await store.checkWrite(clock.now());
          return "ready";
        } catch (error) {
          request.log.error({ err: error }, "database cannot write");
          return reply.code(503).send("database cannot write");
        }
      },
    );
  };
}
