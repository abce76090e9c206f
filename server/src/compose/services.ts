import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import type { FastifyBaseLogger } from "fastify";
import { AccountService } from "../accounts/account-service";
import { defaultLimits, PUSH_SUBSCRIPTIONS_PER_PLAYER } from "../security/limits";
import type { AccountLimits } from "../security/limits";
import { LoginService } from "../accounts/login-service";
import { PasswordService } from "../accounts/password-service";
import { RegistrationService } from "../accounts/registration-service";
import { createSmsProvider } from "../accounts/sms/create-provider";
import { SmsSender } from "../accounts/sms-sender";
import { TeamService } from "../teams/team-service";
import { Throttle } from "../security/throttle";
import type { Clock, Timer } from "../clock";
import type { Config } from "../config";
import type { ContentPack } from "../content/model";
import type { EventBus, GameActivity, Presence } from "../events/bus";
import { startBus } from "./bus-start";
import { buildOrganisers } from "./organisers";
import { StreamHub } from "../events/stream-hub";
import { GameClock } from "../game/game-clock";
import { ContentReloader } from "../studio/content-reload";
import { PackLibrary } from "../packs/pack-library";
import { PackDrafts } from "../studio/pack-drafts";
import { afterReload } from "./reloaded";
import { Publisher } from "../studio/publisher";
import type { PackVersion } from "../store/pack-repository";
import { displayNames } from "../game/scoreboard/display-names";
import { playerStream } from "../participants/participant";
import { DueScheduler } from "../game/agenda/due-scheduler";
import { GameMaster } from "../game/game-master";
import { GameService } from "../game/game-service";
import { MediaProgressService } from "../game/stories/media-progress-service";
import { ReadMarksService } from "../game/read-marks";
import { NewsService } from "../game/news-service";
import { ScheduledDelivery } from "../game/agenda/scheduled-delivery";
import { ScoreboardService } from "../game/scoreboard/scoreboard-service";
import { StoryService } from "../game/stories/story-service";
import { TeamPositions } from "../teams/team-positions";
import { Turns } from "../game/turns/turns";
import type { Metrics } from "../metrics/metrics";
import { createPush } from "../push/compose";
import { OperatorService } from "../operator-accounts/operator-service";
import { GameConsole } from "../operator-views/game-console";
import { OpsLive } from "../operator-views/live";
import { PresenceBoard } from "../operator-views/presence";
import { loadSecretKey } from "../secret-key";
import { S3BlobStore } from "../store/s3-blob-store";
import type { Store } from "../store/store";
import type { ProcessThreads } from "./process-threads";
import { SubmissionService } from "../missions/submission-service";
import { folderKeeper } from "../missions/upload-folder";

export type ServiceDeps = {
  config: Config;
  pack: ContentPack;
  /** The stored version `pack` was loaded from, when it was (main.ts). */
  packVersion?: PackVersion;
  store: Store;
  clock: Clock;
  timer: Timer;
  limits: AccountLimits;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** The script workers, content thread and photo process, which every game shares. */
  threads: ProcessThreads;
  /** The studio's preview this instance runs, for the presence reports (app.ts). */
  preview?: () => Presence["preview"];
  /** Where the other instances reach this one, once it listens (app.ts). */
  address?: () => string | undefined;
  /** A preview's or another game's path before every route (`/preview/<id>`, `/g/<name>`). */
  base?: string;
  /** Another game's view of the first game's bus, which only the first game's server starts. */
  bus?: EventBus;
};

export type Services = Awaited<ReturnType<typeof buildServices>>;

/** The account limits: the defaults, the configured sign-ups per hour, and a test's changes. */
export function accountLimits(config: Config, changes?: Partial<AccountLimits>): AccountLimits {
  return {
    ...defaultLimits,
    anonSignupsPerIp: { limit: config.anonSignupsPerHour, windowMs: 60 * 60 * 1000 },
    signupsPerGame: { limit: config.gameSignupsPerHour, windowMs: 60 * 60 * 1000 },
    ...changes,
  };
}

/**
 * Builds the bus, the open streams and every service, each given what it calls. What they do
 * on the bus's signals they register themselves (compose/signals.ts calls them).
 */
export async function buildServices(deps: ServiceDeps) {
  const { config, pack, store, clock, timer, limits, metrics, log } = deps;
  const bus = deps.bus ?? (await startBus(deps));
  const hub = new StreamHub({
    bus,
    readAfter: (stream, seq) => store.repos.events.listAfter(stream, seq),
    onError: (error) => log.error({ err: error }, "event stream failed"),
  });
  metrics.watch({
    streams: () => hub.size,
    playersOnline: () => hub.playersOnline(),
    database: () => store.use(),
  });
  const secret = await loadSecretKey(config.secret);
  const throttle = new Throttle(limits, store, clock, secret, store.game);
  const smsProvider = createSmsProvider(config.sms, clock);
  // Said once, by the installation's first game's server.
  if (config.sms.provider === "console" && !deps.bus) {
    log.warn("SMS_PROVIDER=console prints SMS codes and reset links: for development only");
  }
  const sms = new SmsSender(
    smsProvider,
    throttle,
    (error) => {
      metrics.smsFailedToSend();
      log.error({ err: error }, "SMS not sent");
    },
    metrics.smsWasSent,
  );
  const accounts = new AccountService({ store, pack, clock, throttle, limits, secret, bus });
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
    pack,
  });
  const scoreboard = new ScoreboardService({ store, clock });
  const turns = new Turns({
    store,
    clock,
    bus,
    onScheduled: (dueAt) => bus.broadcast("due", { at: dueAt.getTime() }),
    onScored: () => bus.broadcast("scored", {}),
    onTurn: metrics.turn,
  });
  // Pushes: news, and the characters' later lines to players whose app is closed (push/).
  const { push, publicKey: pushKey } = await createPush({
    ...{ config: config.push, store, pack, clock, counted: metrics.pushed },
    subscriptionsPerPlayer: PUSH_SUBSCRIPTIONS_PER_PLAYER,
    online: () => presence.onlinePlayers(),
    info: (fields, message) => log.info(fields, message),
    onError: (error, message) => log.warn({ err: error }, message),
  });
  const delivery = new ScheduledDelivery({
    ...{ store, pack, turns },
    onDelivered: (stream, lines) => {
      push.lines(stream, lines).catch((error: unknown) => {
        log.warn({ err: error }, "lines not pushed");
      });
    },
  });
  const scheduler = new DueScheduler({
    clock,
    timer,
    nextDue: () => delivery.nextDue(),
    deliver: (now) => delivery.deliverDue(now),
    onError: (error) => log.error({ err: error }, "scheduled delivery failed"),
  });
  const scripts = deps.threads.scripts.runner(pack);
  const instance = randomUUID();
  // Uploads under way are named by their folder, which outlives this process.
  const uploadKeeper = await folderKeeper(config.uploadDir);
  // Loading a pack and compiling a script as an author types run off the players' thread.
  const contentThread = deps.threads.content;
  const packs = new PackLibrary({
    store,
    cacheDir: config.packCacheDir,
    clock,
    check: (dir) => contentThread.check(dir),
  });
  const drafts = new PackDrafts({ store, library: packs, cacheDir: config.packCacheDir, clock });
  const content = new ContentReloader({
    pack,
    scripts,
    library: packs,
    ...(deps.packVersion && { version: deps.packVersion }),
    dir: config.contentDir,
    bus,
    instance,
    onReloaded: (outcome) => {
      presence.changed();
      afterReload({ log, store, pack }, outcome).catch((error: unknown) =>
        log.error({ err: error }, "games: title not changed"),
      );
    },
    onError: (error) => log.error({ err: error }, "content reload failed"),
  });
  const publisher = new Publisher({ drafts, library: packs, releases: content });
  // What players do reaches the operators' consoles on every instance.
  const onActivity = (activity: GameActivity) => bus.broadcast("activity", activity);
  // The game's start and end (game.yaml, a host's end): no play outside them.
  const gameClock = new GameClock({
    ...{ store, pack, clock, bus, streams: hub },
    onError: (error, message) => log.error({ err: error }, message),
  });
  const requireOpen = () => gameClock.requireOpen();
  const game = new GameService({ store, pack, scripts, turns, onActivity, secret, requireOpen });
  const stories = new StoryService({ pack, turns, onActivity });
  // What players send for missions: in the database, or a bucket when set (decisions/039);
  // photos made in a child process of lower priority, started with the first one.
  const blobs = config.s3 ? new S3BlobStore(config.s3) : store.repos.blobs;
  const photos = deps.threads.photos;
  const submissions = new SubmissionService({
    ...{ store, blobs, photos, game, pack, clock, secret, linkBase: deps.base },
    onQueueChange: () => bus.broadcast("submissions", {}),
    onError: (error, message) => log.error({ err: error }, message),
  });
  const news = new NewsService({
    ...{ store, pack, clock, bus, streams: hub },
    onError: (error, message) => log.error({ err: error }, message),
    pushed: (row) => push.news(row),
  });
  // Instances sharing a database tell each other who is online on them and their pack.
  const presence = new PresenceBoard({
    instance,
    host: hostname(),
    local: () => ({ streams: hub.size, players: hub.playerIds() }),
    pack: () => content.state(),
    ...(deps.preview && { preview: deps.preview }),
    ...(deps.address && { address: deps.address }),
    uploads: uploadKeeper,
    ...(config.database.kind === "postgres" && {
      send: (report) => bus.broadcast("presence", report),
    }),
  });
  presence.start();
  const master = new GameMaster({ store, pack, turns });
  const gameConsole = new GameConsole({
    ...{ store, pack, clock, game, master, presence },
    names: (streams) => displayNames(store.repos, streams),
    subscribe: (stream, wake) => bus.subscribe(stream, wake),
    onLine: (stream, line) => {
      push.lines(stream, [{ ...line, reminder: false }]).catch((error: unknown) => {
        log.warn({ err: error }, "host's line not pushed");
      });
    },
  });
  // Players' messages (a photo too) to the organisers, the hosts' answers (organisers/).
  const organisers = buildOrganisers({ store, clock, bus, hub, push, log, photos, secret, deps });
  const live = new OpsLive({
    pack,
    overview: () => gameConsole.overview(),
    news: () => news.list(),
    recent: () => gameConsole.recentActivity(),
    teams: () => teamPositions.shared(),
    submissions: () => submissions.summary(),
    inbox: () => organisers.figures(),
    name: async (stream) => (await displayNames(store.repos, [stream])).get(stream) ?? stream,
    onError: (error) => log.error({ err: error }, "console stream failed"),
  });
  const media = new MediaProgressService({ pack, turns });
  const readMarks = new ReadMarksService(store);
  // Team members' shared positions: memory only, on every instance (decisions/024).
  const teamPositions = new TeamPositions({
    bus,
    clock,
    timer,
    secret,
    streams: hub,
    onChange: () => live.teamsChanged(),
  });
  const teams = new TeamService({
    store,
    pack,
    clock,
    throttle,
    limits,
    secret,
    onParticipantChange: (playerId) => accounts.participantChanged(playerId),
    onJoined: (playerId, teamId) => {
      const stream = playerStream(playerId);
      displayNames(store.repos, [stream])
        .then((names) => push.joined(teamId, playerId, names.get(stream) ?? stream))
        .catch((error: unknown) => log.warn({ err: error }, "team news not pushed"));
    },
  });
  const ops = new OperatorService({
    ...{ store, clock, throttle, sessionMs: limits.opsSessionMs },
    operatorToken: config.operatorToken,
  });
  return {
    bus,
    hub,
    secret,
    throttle,
    smsProvider,
    accounts,
    registration,
    login,
    passwords,
    scoreboard,
    scheduler,
    ...{ scripts, content, packs, drafts, publisher },
    contentThread,
    game,
    gameClock,
    stories,
    submissions,
    blobs,
    instance,
    uploadKeeper,
    news,
    ...{ push, pushKey },
    presence,
    gameConsole,
    organisers,
    live,
    media,
    readMarks,
    teamPositions,
    teams,
    ops,
  };
}
