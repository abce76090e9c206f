import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import fastifyCors from "@fastify/cors";
import Fastify, { LogController } from "fastify";
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AccountService } from "./accounts/account-service";
import type { Player } from "./accounts/account-service";
import { defaultLimits } from "./accounts/limits";
import type { AccountLimits } from "./accounts/limits";
import { LoginService } from "./accounts/login-service";
import { PasswordService } from "./accounts/password-service";
import { RegistrationService } from "./accounts/registration-service";
import { createSmsProvider } from "./accounts/sms/create-provider";
import { sweepExpiredData } from "./accounts/retention";
import { OutboxSmsProvider } from "./accounts/sms/outbox-provider";
import { SmsSender } from "./accounts/sms-sender";
import { Throttle } from "./accounts/throttle";
import { loadSecretKey } from "./secret-key";
import { systemClock, systemTimer } from "./clock";
import type { Clock, Timer } from "./clock";
import type { Config } from "./config";
import { formatProblem } from "./content/model";
import type { ContentPack } from "./content/model";
import { ServiceError, TooManyRequests } from "./errors";
import { createInProcessBus } from "./events/bus";
import type { GameActivity } from "./events/bus";
import { startPostgresBus } from "./events/postgres-bus";
import { dispatchSignal, endMovedStreams } from "./events/signals";
import { StreamHub } from "./events/stream-hub";
import { DueScheduler } from "./game/due-scheduler";
import { ContentReloader } from "./game/content-reload";
import type { ReloadOutcome } from "./game/content-reload";
import { displayNames } from "./game/display-names";
import { GameService } from "./game/game-service";
import { NewsService } from "./game/news-service";
import { MediaProgressService } from "./game/media-progress-service";
import { ScheduledDelivery } from "./game/scheduled-delivery";
import { ScoreboardService } from "./game/scoreboard-service";
import { createScriptRunner } from "./game/script-runner";
import { StoryService } from "./game/story-service";
import { TeamPositions } from "./game/team-positions";
import { memberKey } from "./participants/member-key";
import { isTeamStream, playerStream, teamStream } from "./participants/participant";
import { TeamService } from "./accounts/team-service";
import { Turns } from "./game/turns";
import { accountRoutes } from "./http/account-routes";
import { compressAnswers } from "./http/compression";
import { contentRoutes } from "./http/content-routes";
import { devRoutes } from "./http/dev-routes";
import { eventStreamRoute } from "./http/event-stream";
import { gameRoutes } from "./http/game-routes";
import { healthRoutes } from "./http/health-routes";
import { countRequests, countedFrameworkErrors, metricsRoute } from "./http/metrics-route";
import { loggerOptions } from "./http/logging";
import type { LogStream } from "./http/logging";
import { opsRoutes } from "./http/ops-routes";
import { stationPosters } from "./ops/station-posters";
import { outroRoute } from "./http/outro-route";
import { registerProtection } from "./http/protection";
import { registerRequestLog } from "./http/request-log";
import { consoleRoutes, staticRoutes } from "./http/static";
import { teamRoutes } from "./http/team-routes";
import { Metrics } from "./metrics/metrics";
import { OperatorService } from "./operators/operator-service";
import { GameConsole } from "./ops/game-console";
import { OpsLive } from "./ops/live";
import { PresenceBoard } from "./ops/presence";
import type { Store } from "./store/store";

const PLAIN = "text/plain; charset=utf-8";

export type AppDeps = {
  config: Config;
  pack: ContentPack;
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
};

/**
 * Builds the whole server as a Fastify instance, ready to `listen` (or to test in-process), the
 * retention sweep, which the caller runs on its schedule, and the content pack's reload.
 */
export async function buildApp({
  config,
  pack,
  store,
  clock = systemClock,
  timer = systemTimer,
  shutdownGraceMs = 5_000,
  limits: limitChanges,
  logStream,
}: AppDeps) {
  const metrics = new Metrics();
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logStream),
    // http/request-log.ts logs what matters of each request, and sums up the rest.
    logController: new LogController({ disableRequestLogging: true }),
    // Per-address rate limits need the client's address, which only the proxy knows.
    trustProxy: config.trustProxy.length > 0 ? config.trustProxy : false,
    frameworkErrors: countedFrameworkErrors(metrics),
  });

  // The API takes JSON only (415 for anything else): no cross-site form can call it.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(answerError);
  await registerProtection(app, { ...config, mapTiles: () => pack.map?.tiles?.url });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type(PLAIN).send("not found"));
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT"],
  });

  // Several instances share a PostgreSQL database, so wake-ups must reach all of them.
  const bus =
    config.database.kind === "postgres"
      ? await startPostgresBus({
          url: config.database.url,
          send: (channel, payload) => store.notify(channel, payload),
          onError: (error) => app.log.error({ err: error }, "event bus: PostgreSQL connection"),
        })
      : createInProcessBus();
  const hub = new StreamHub({
    bus,
    readAfter: (stream, seq) => store.repos.events.listAfter(stream, seq),
    onError: (error) => app.log.error({ err: error }, "event stream failed"),
  });
  registerRequestLog(app, { streams: () => hub.size });
  metrics.watch({
    streams: () => hub.size,
    playersOnline: () => hub.playersOnline(),
    database: () => store.use(),
  });
  countRequests(app, metrics);
  const limits: AccountLimits = {
    ...defaultLimits,
    anonSignupsPerIp: { limit: config.anonSignupsPerHour, windowMs: 60 * 60 * 1000 },
    ...limitChanges,
  };
  const secret = await loadSecretKey(config.secret);
  const throttle = new Throttle(limits, store, clock, secret);
  const smsProvider = createSmsProvider(config.sms, clock);
  if (config.sms.provider === "console") {
    app.log.warn("SMS_PROVIDER=console prints SMS codes and reset links: for development only");
  }
  const sms = new SmsSender(
    smsProvider,
    throttle,
    (error) => {
      metrics.smsFailedToSend();
      app.log.error({ err: error }, "SMS not sent");
    },
    metrics.smsWasSent,
  );
  const accounts = new AccountService({
    store,
    pack,
    clock,
    throttle,
    limits,
    secret,
    onAccountChange: (playerId) => bus.broadcast({ kind: "account", playerId }),
  });
  const registration = new RegistrationService({
    store,
    pack,
    clock,
    sms,
    throttle,
    limits,
    accounts,
  });
  const login = new LoginService({ store, clock, throttle, phoneRegion: pack.phoneRegion });
  const passwords = new PasswordService({
    store,
    clock,
    accounts,
    sms,
    throttle,
    limits,
    publicUrl: config.publicUrl,
    phoneRegion: pack.phoneRegion,
  });
  const scoreboard = new ScoreboardService({ store, clock });
  const turns = new Turns({
    store,
    clock,
    bus,
    onScheduled: (dueAt) => bus.broadcast({ kind: "due", at: dueAt.getTime() }),
    onScored: () => bus.broadcast({ kind: "scored" }),
    onTurn: metrics.turn,
  });
  const delivery = new ScheduledDelivery({ store, pack, turns });
  const scheduler = new DueScheduler({
    clock,
    timer,
    nextDue: () => delivery.nextDue(),
    deliver: (now) => delivery.deliverDue(now),
    onError: (error) => app.log.error({ err: error }, "scheduled delivery failed"),
  });
  const scripts = createScriptRunner(pack, config.scriptWorkers);
  const content = new ContentReloader({ pack, scripts, dir: config.contentDir });
  /**
   * Loads the content pack again (SIGHUP, `npm run dev`, the operators' reload), here and, over
   * the bus, on every other instance: a valid pack replaces the running one at once, an invalid
   * one is refused with its problems logged. Each instance reports its pack to the console.
   */
  async function reloadContent(): Promise<ReloadOutcome> {
    const outcome = await reloadHere();
    bus.broadcast({ kind: "reload", instance: presence.instance });
    return outcome;
  }
  async function reloadHere(): Promise<ReloadOutcome> {
    const outcome = await content.reload();
    presence.changed();
    if (outcome.ok) {
      const warnings = outcome.warnings.map(formatProblem);
      app.log.info(
        warnings.length > 0 ? { warnings } : {},
        `content pack reloaded: version ${outcome.version}`,
      );
    } else {
      const problems = outcome.problems.map(formatProblem);
      app.log.warn({ problems }, "content pack refused, the running one stays");
    }
    return outcome;
  }
  // What players do reaches the operators' consoles on every instance.
  const onActivity = (activity: GameActivity) => bus.broadcast({ kind: "activity", activity });
  const game = new GameService({ store, pack, scripts, turns, onActivity, secret });
  const stories = new StoryService({ pack, turns, onActivity });
  const news = new NewsService({
    store,
    pack,
    clock,
    onChange: () => bus.broadcast({ kind: "news" }),
  });
  // Instances sharing a database tell each other who is online on them and their pack.
  const presence = new PresenceBoard({
    instance: randomUUID(),
    host: hostname(),
    local: () => ({ streams: hub.size, players: hub.playerIds() }),
    pack: () => content.state(),
    ...(config.database.kind === "postgres" && {
      send: (report) => bus.broadcast({ kind: "presence", presence: report }),
    }),
  });
  presence.start();
  const gameConsole = new GameConsole({ store, pack, clock, game, presence });
  const live = new OpsLive({
    pack,
    overview: () => gameConsole.overview(),
    news: () => news.list(),
    recent: () => gameConsole.recentActivity(),
    teams: () => teamPositions.shared(),
    name: async (stream) => (await displayNames(store.repos, [stream])).get(stream) ?? stream,
    onError: (error) => app.log.error({ err: error }, "console stream failed"),
  });
  const media = new MediaProgressService({ pack, turns });
  // Team members' shared positions: memory only, on every instance (decisions/024).
  const teamPositions = new TeamPositions({
    bus,
    clock,
    timer,
    secret,
    send: (stream, chunkFor) => hub.sendTo(stream, (owner) => chunkFor(owner?.playerId)),
    onChange: () => live.teamsChanged(),
  });
  // The player now plays as another participant (or not at all): streams and names change.
  const onParticipantChange = (playerId: number) => {
    accounts.forget(playerId);
    bus.broadcast({ kind: "moved", playerId });
  };
  const movedStreams = {
    hub,
    findPlayer: (playerId: number) => store.repos.players.find(playerId),
    onError: (error: unknown) => app.log.error({ err: error }, "ending moved streams failed"),
  };
  // Every instance hears these, this one included (decisions/010-postgresql.md).
  bus.onSignal((signal) =>
    dispatchSignal(signal, {
      due: (at) => scheduler.wake(at),
      account: (playerId) => accounts.forget(playerId),
      scored: () => scoreboard.invalidate(),
      moved: (playerId) => {
        accounts.forget(playerId);
        teamPositions.moved(playerId);
        void endMovedStreams(movedStreams, playerId);
        scoreboard.invalidate();
      },
      news: () => {
        news.changed().then(
          (event) => hub.broadcast(event),
          (error: unknown) => app.log.error({ err: error }, "news not sent"),
        );
        live.newsChanged();
      },
      presence: (other) => presence.heard(other),
      activity: (activity) => live.activity(activity),
      position: (update) => teamPositions.heard(update),
      reload: (instance) => {
        if (instance === presence.instance) return;
        reloadHere().catch((error: unknown) =>
          app.log.error({ err: error }, "content reload failed"),
        );
      },
    }),
  );
  // The listener was away: other instances' signals may be lost (decisions/026). What they
  // could have changed is read anew, and every stream reopens to a fresh snapshot, found for
  // the participant its player is now.
  bus.onMissed(() => {
    accounts.forgetAll();
    scoreboard.invalidate();
    scheduler.wake(clock.now());
    // The streams reopen with the news as they are; this only reads the list anew.
    news.changed().catch((error: unknown) => app.log.error({ err: error }, "news not read"));
    live.newsChanged();
    app.log.warn(
      { streams: hub.size },
      "event bus: listening again; other instances' signals may be lost, so every stream reopens",
    );
    hub.reconnectAll();
  });
  const teams = new TeamService({
    store,
    pack,
    clock,
    throttle,
    limits,
    secret,
    onParticipantChange,
  });

  await app.register(api(accountRoutes({ accounts, registration, login, passwords })), {
    prefix: "/api/account",
  });
  const nameOf = async (playerId: number) => {
    const stream = playerStream(playerId);
    return (await displayNames(store.repos, [stream])).get(stream) ?? stream;
  };
  // In a team, the echo of an answer names the member who gave it.
  const author = async (player: Player) =>
    player.teamId === null
      ? undefined
      : {
          member: memberKey(secret, teamStream(player.teamId), player.id),
          name: await nameOf(player.id),
        };
  await app.register(
    api(gameRoutes(accounts, { game, stories, media, scoreboard, throttle, author })),
    { prefix: "/api/game" },
  );
  const teamDeps = {
    positions: teamPositions,
    nameOf,
    namesOf: (streams: string[]) => displayNames(store.repos, streams),
    // Who is online on any instance (ops/presence.ts).
    online: () => presence.onlinePlayers(),
  };
  await app.register(api(teamRoutes(accounts, teams, teamDeps)), { prefix: "/api/game" });
  await app.register(api(outroRoute(accounts, onParticipantChange)), { prefix: "/api/game" });
  const seen = (playerId: number) => {
    presence.changed();
    void store.repos.players
      .seen(playerId, clock.now().toISOString())
      .catch((error: unknown) => app.log.error({ err: error }, "last seen not saved"));
  };
  await app.register(
    api(
      eventStreamRoute(accounts, game, hub, {
        news: (after) => news.openingEvent(after),
        teamPositions: (stream, playerId) => teamPositions.openingEvent(stream, playerId),
        seen,
        member: (stream, playerId) =>
          isTeamStream(stream) ? memberKey(secret, stream, playerId) : undefined,
      }),
    ),
    { prefix: "/api/game" },
  );
  const ops = new OperatorService({
    store,
    clock,
    throttle,
    sessionMs: limits.opsSessionMs,
    operatorToken: config.operatorToken,
  });
  const secure = config.publicUrl.startsWith("https:");
  await app.register(
    api(
      opsRoutes({
        ops,
        console: gameConsole,
        news,
        live,
        reloadContent,
        secure,
        posters: (language) =>
          stationPosters(pack, secret, config.publicUrl, language ?? pack.defaultLanguage),
      }),
    ),
    { prefix: "/api/ops" },
  );
  if (smsProvider instanceof OutboxSmsProvider) {
    await app.register(api(devRoutes(smsProvider)), { prefix: "/api/dev" });
  }
  await app.register(contentRoutes(pack));
  await app.register(staticRoutes(config.webDist));
  await app.register(consoleRoutes(config.consoleDist));
  await app.register(healthRoutes(store, clock));
  await app.register(
    metricsRoute(metrics, { allow: config.metricsAllow, trustProxy: config.trustProxy }),
  );

  app.addHook("preClose", async () => {
    // A delivery under way finishes before the database closes; nothing new starts.
    await scheduler.stop();
    // Open streams would keep `close` waiting forever; end them, with a reconnect hint.
    hub.closeAll();
    live.closeAll();
    presence.close();
    teamPositions.close();
    // Node counts a socket that never sent a request (a browser's preconnect) as busy, and
    // in-flight calls get a moment to finish: after the grace period everything is cut.
    setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs).unref();
  });
  // Calls under way may still notify until the server has closed.
  app.addHook("onClose", async () => {
    await bus.close();
    await scripts.close();
  });
  // Delivers what fell due while the server was down, then sets the timer for the rest.
  await scheduler.start();

  /** Erases the accounts past the retention rule; returns how many. */
  async function sweepRetention(): Promise<number> {
    const erased = await sweepExpiredData(store, clock, limits, secret);
    for (const playerId of erased) accounts.accountChanged(playerId);
    return erased.length;
  }
  return { app, sweepRetention, reloadContent };
}

/** API answers are per player and per moment: no cache may keep them. Large ones go compressed. */
function api(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", async (_request, reply) => {
      reply.header("cache-control", "no-store");
    });
    await compressAnswers(app);
    await app.register(routes);
  };
}

/** Failures answer with their status and a plain-text reason; only real faults are 500s. */
function answerError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof TooManyRequests) reply.header("retry-after", error.retryAfterSeconds);
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
