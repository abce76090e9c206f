import type { AddressInfo } from "node:net";
import Fastify, { LogController } from "fastify";
import { sweepExpiredData } from "./accounts/retention";
import type { AccountLimits } from "./security/limits";
import { systemClock, systemTimer } from "./clock";
import type { Clock, Timer } from "./clock";
import { mountRoutes, prepareHttp } from "./compose/routes";
import { handOverGames } from "./http/game-prefix-routes";
import { accountLimits, buildServices } from "./compose/services";
import { WorkFolders } from "./packs/work-folders";
import { subscribeSignals } from "./compose/signals";
import { startProcessThreads, stopProcessThreads } from "./compose/process-threads";
import type { ProcessThreads } from "./compose/process-threads";
import { GameApps } from "./compose/game-apps";
import type { GameServed } from "./compose/game-served";
import type { Config } from "./config";
import type { ContentPack } from "./content/model";
import { countedFrameworkErrors } from "./http/metrics-route";
import { loggerOptions } from "./http/logging";
import type { LogStream } from "./http/logging";
import { Metrics } from "./metrics/metrics";
import type { PackVersion } from "./store/pack-repository";
import type { Store } from "./store/store";
import type { ReloadOutcome } from "./studio/content-reload";
import { startPreviewServer } from "./studio/preview-server";
import { PreviewGames } from "./studio/previews";

export type AppDeps = {
  config: Config;
  pack: ContentPack;
  /** The stored version `pack` was loaded from (main.ts); tests give packs of their own. */
  packVersion?: PackVersion;
  /** Migrated and open; the caller closes it after the app. */
  store: Store;
  clock?: Clock;
  /** The scheduler's timer; tests fire it themselves. */
  timer?: Timer;
  /** How long `close` waits for busy connections before it cuts them. */
  shutdownGraceMs?: number;
  /** Tests shorten or raise limits; everything else runs with the defaults. */
  limits?: Partial<AccountLimits>;
  /** Tests read the log lines; the server writes them to stdout. */
  logStream?: LogStream;
  /**
   * This server plays a preview of the studio's draft (studio/previews.ts): its player app
   * calls below `base`, and the console may frame it; `fast`: it types quicker.
   */
  preview?: { base: string; fast: boolean };
  /** This server plays another game than the installation's first (compose/game-apps.ts). */
  game?: GameServed;
  /**
   * The process's script workers, content thread and photo process, which the installation's
   * server shares with its other games; without them, this server starts and ends its own.
   */
  threads?: ProcessThreads;
  /** The pack cache's folders of this process (another game's server: the first game's). */
  folders?: WorkFolders;
};

/**
 * Builds the whole server as a Fastify instance, ready to `listen` (or to test in-process), the
 * retention sweep, which the caller runs on its schedule, and the content pack's reload. It
 * only wires: compose/services.ts builds the services, compose/signals.ts lets them subscribe
 * to the bus's signals, compose/routes.ts mounts the routes.
 */
export async function buildApp({
  config,
  pack,
  packVersion,
  store,
  clock = systemClock,
  timer = systemTimer,
  shutdownGraceMs = 5_000,
  limits: limitChanges,
  logStream,
  preview,
  game,
  threads: sharedThreads,
  folders: sharedFolders,
}: AppDeps) {
  const name = game?.name ?? (preview ? "preview" : await gameName(store));
  const metrics = new Metrics(name, game?.metrics);
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream, game?.name),
    // http/request-log.ts logs what matters of each request, and sums up the rest.
    logController: new LogController({ disableRequestLogging: true }),
    // Per-address rate limits need the client's address, which only the proxy knows.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors: countedFrameworkErrors(metrics),
  });
  // The first game's server hands the other games' requests over before its own hooks run.
  const others: { games?: GameApps } = {};
  if (!preview && !game) handOverGames(app, () => others.games);
  await prepareHttp(app, config, pack, preview !== undefined);
  const limits = accountLimits(config, limitChanges);
  const threads =
    sharedThreads ?? startProcessThreads(config.scriptWorkers, (message) => app.log.error(message));
  if (!sharedThreads) metrics.shared.watchScripts(() => threads.scripts.figures());
  // The preview running here, told to the other instances with where they reach it.
  // (The presence reports start with the services, before the previews exist.)
  const started: { previews?: PreviewGames } = {};
  const address = game
    ? game.address
    : () => config.instanceUrl ?? localAddress(app.server.address());
  const previewReport = () => {
    const id = started.previews?.current;
    const at = address();
    return id === undefined || at === undefined ? undefined : { id, address: at };
  };
  const services = await buildServices({
    config,
    pack,
    ...(packVersion && { packVersion }),
    store,
    clock,
    timer,
    limits,
    metrics,
    log: app.log,
    threads,
    ...(!preview && { preview: previewReport }),
    ...(!preview && { address }),
    ...(preview && { base: preview.base }),
    ...(game && { base: game.base, bus: game.bus }),
  });
  subscribeSignals(services, { store, log: app.log });
  // Listening, it has an address: the other instances hear it within a second.
  app.addHook("onListen", async () => services.presence.changed());
  // What stopped processes left in the pack cache goes; this one's previews go when it closes.
  // The first game's server keeps the cache; every game's studio has previews in it.
  const folders = preview
    ? undefined
    : (sharedFolders ??
      (await WorkFolders.open(config.packCacheDir, (error) =>
        app.log.error({ err: error }, "pack cache: removing unused folders failed"),
      )));
  const previews = folders
    ? new PreviewGames({
        ...(game && { base: game.base }),
        drafts: services.drafts,
        check: (dir) => services.packs.check(dir),
        folder: (id) => folders.preview(id),
        start: (previewPack, base, dataDir, fast) =>
          startPreviewServer({
            config,
            limits,
            pack: previewPack,
            base,
            dataDir,
            fast,
            build: buildApp,
          }),
        log: app.log,
        // Only instances on one PostgreSQL have others.
        ...(config.database.kind === "postgres" && {
          elsewhere: (id: string) => services.presence.previewAt(id),
        }),
        changed: () => services.presence.changed(),
      })
    : undefined;
  if (previews) started.previews = previews;
  // The other games, each a server of its own below `/g/<name>` (decisions/054).
  const games =
    preview || game || !folders
      ? undefined
      : new GameApps({
          ...{ config, store, clock, timer, bus: services.bus, threads, folders, address },
          metrics: metrics.shared,
          ...(limitChanges && { limits: limitChanges }),
          check: (dir) => services.contentThread.check(dir),
          build: buildApp,
          onError: (error, name) => app.log.error({ err: error, game: name }, "game not started"),
          // The running pack, replaced in place by a publish or a reload.
          firstTitle: () => pack.title[pack.defaultLanguage] ?? pack.title.de,
          erasure: {
            keepMs: limits.archivedGameKeepMs,
            deleteFiles: () => services.submissions.sweepErased(),
            erased: ({ name, rows, tables }) =>
              app.log.info({ game: name, rows, tables }, "archived game erased"),
            failed: (error, name) =>
              app.log.error({ err: error, game: name }, "archived game not erased"),
          },
        });
  if (games) others.games = games;
  await games?.readHosts();
  await mountRoutes(app, services, {
    config,
    pack,
    store,
    clock,
    metrics,
    limits,
    name,
    ...(preview && { base: preview.base, fast: preview.fast }),
    ...(game && { base: game.base }),
    ...(previews && { previews }),
    ...(games && { games }),
  });

  const { bus, hub, live, presence, teamPositions, scheduler, scripts, accounts } = services;
  app.addHook("preClose", async () => {
    // A delivery under way finishes before the database closes; nothing new starts.
    await scheduler.stop();
    // Open streams would keep `close` waiting forever; end them, with a reconnect hint.
    hub.closeAll();
    live.closeAll();
    services.gameConsole.closeWatches();
    presence.close();
    teamPositions.close();
    // Node counts a socket that never sent a request (a browser's preconnect) as busy, and
    // in-flight calls get a moment to finish: after the grace period everything is cut.
    setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
  });
  // Calls under way may still notify until the server has closed.
  app.addHook("onClose", async () => {
    metrics.close();
    await games?.close();
    await previews?.close();
    if (!sharedFolders) await folders?.close();
    await bus.close();
    await scripts.close();
    if (!sharedThreads) await stopProcessThreads(threads);
    await services.push.close();
  });
  // Delivers what fell due while the server was down, then sets the timer for the rest.
  await scheduler.start();

  /**
   * Erases the accounts past the retention rule, in every game, and the archived games past
   * their keeping; returns how many accounts.
   */
  async function sweepRetention(): Promise<number> {
    const erased = await sweepExpiredData(store, clock, limits, services.secret);
    for (const playerId of erased) accounts.accountChanged(playerId);
    // What players sent for missions goes after the days the pack keeps it.
    await services.submissions.sweepRetention();
    return erased.length + ((await games?.sweepRetention()) ?? 0);
  }
  /**
   * Loads the content pack again (SIGHUP, `npm run dev`, the operators' reload), here and, over
   * the bus, on every other instance: a valid pack replaces the running one at once, an invalid
   * one is refused with its problems logged. Each instance reports its pack to the console.
   */
  const reloadContent = (): Promise<ReloadOutcome> => services.content.reload();
  return { app, sweepRetention, reloadContent };
}

/** The short name of the store's game (`default` for the installation's first). */
async function gameName(store: Store): Promise<string> {
  const games = await store.repos.games.list();
  return games.find((row) => row.id === store.game)?.name ?? "default";
}

/** `http://127.0.0.1:<port>` of a listening server; undefined before it listens. */
function localAddress(address: string | AddressInfo | null): string | undefined {
  return address === null || typeof address === "string"
    ? undefined
    : `http://127.0.0.1:${address.port}`;
}
