import type { FastifyBaseLogger } from "fastify";
import type { SignalBus } from "../events/bus";
import { signalNames } from "../events/signal-map";
import type { SignalName } from "../events/signal-map";
import type { Store } from "../store/store";
import type { Services } from "./services";

/**
 * Lets every module register its handlers of the bus signals (events/signal-map.ts): each knows
 * what it does when a signal arrives, from this instance or another (decisions/010). The order
 * is the order they run in: caches are dropped before the streams end and reopen. A signal of
 * the map that no module handles stops the start.
 */
export function subscribeSignals(
  services: Services,
  { store, log }: { store: Store; log: FastifyBaseLogger },
): void {
  const { hub } = services;
  const handled = new Set<SignalName>();
  const bus: SignalBus = {
    broadcast: (name, payload) => services.bus.broadcast(name, payload),
    on: (name, handler) => {
      handled.add(name);
      services.bus.on(name, handler);
    },
    onMissed: (handler) => services.bus.onMissed(handler),
  };
  services.accounts.subscribeSignals(bus);
  services.scoreboard.subscribeSignals(bus);
  services.scheduler.subscribeSignals(bus);
  services.content.subscribeSignals(bus);
  services.news.subscribeSignals(bus);
  services.gameClock.subscribeSignals(bus);
  services.live.subscribeSignals(bus);
  services.presence.subscribeSignals(bus);
  services.teamPositions.subscribeSignals(bus);
  services.submissions.subscribeSignals(bus);
  services.organisers.subscribeSignals(bus);
  // The listener was away: other instances' signals may be lost (decisions/026). What they
  // could have changed is read anew above, and every stream reopens to a fresh snapshot, found
  // for the participant its player is now.
  bus.onMissed(() =>
    log.warn(
      { streams: hub.size },
      "event bus: listening again; other instances' signals may be lost, so every stream reopens",
    ),
  );
  hub.subscribeSignals(bus, {
    findPlayer: (playerId) => store.repos.players.find(playerId),
    onError: (error) => log.error({ err: error }, "ending moved streams failed"),
  });
  const unhandled = signalNames.filter((name) => !handled.has(name));
  if (unhandled.length > 0) throw new Error(`signals without a handler: ${unhandled.join(", ")}`);
}
