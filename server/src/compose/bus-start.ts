import type { EventBus } from "../events/bus";
import { createInProcessBus } from "../events/bus";
import { startPostgresBus } from "../events/postgres-bus";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "../config";
import type { Store } from "../store/store";

/** Instances sharing a PostgreSQL database: wake-ups and signals must reach all of them. */
export function startBus({
  config,
  store,
  log,
}: {
  config: Config;
  store: Store;
  log: FastifyBaseLogger;
}): Promise<EventBus> | EventBus {
  if (config.database.kind !== "postgres") return createInProcessBus();
  return startPostgresBus({
    url: config.database.url,
    send: (channel, payload) => store.notify(channel, payload),
    onError: (error) => log.error({ err: error }, "event bus: PostgreSQL connection"),
    onRejected: (reason) => log.warn({ reason }, "event bus: notification ignored"),
  });
}
