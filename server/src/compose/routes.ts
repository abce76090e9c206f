import { SUBMISSION_HEADER } from "@wegmarke/protocol";
import fastifyCors from "@fastify/cors";
import type {
  FastifyError,
  FastifyInstance,
  FastifyPluginAsync,
  FastifyReply,
  FastifyRequest,
} from "fastify";
import type { Player } from "../accounts/account-service";
import { OutboxSmsProvider } from "../accounts/sms/outbox-provider";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { ContentPack } from "../content/model";
import { ServiceError, TooManyRequests } from "../errors";
import { displayNames } from "../game/scoreboard/display-names";
import { accountRoutes } from "../http/account-routes";
import { registerApiDocs } from "../http/api-docs/api-docs";
import { compressAnswers } from "../http/compression";
import { contentRoutes } from "../http/content-routes";
import { AppIcons } from "../packs/app-icons";
import { devRoutes } from "../http/dev-routes";
import { eventStreamRoute } from "../http/event-stream";
import { gameRoutes } from "../http/game-routes";
import { healthRoutes } from "../http/health-routes";
import { countRequests, metricsRoute } from "../http/metrics-route";
import { opsRoutes } from "../http/ops-routes";
import { organisersPhotoRoute } from "../http/organisers-photo-route";
import { organisersRoutes } from "../http/organisers-routes";
import { OperatorTeam } from "../operator-accounts/operator-team";
import { outroRoute } from "../http/outro-route";
import { previewRoutes } from "../http/preview-routes";
import { gamePrefixRoutes } from "../http/game-prefix-routes";
import type { GameDispatch } from "../http/game-prefix-routes";
import { registerProtection } from "../http/protection";
import { registerRequestLog } from "../http/request-log";
import { pushRoutes } from "../http/push-routes";
import { clientErrorRoute } from "../http/client-error-route";
import { submissionFileRoute } from "../http/submission-file-route";
import { uploadRoutes } from "../http/upload-routes";
import { submissionsZip } from "../operator-views/submission-export";
import { consoleRoutes, staticRoutes } from "../http/static";
import { teamRoutes } from "../http/team-routes";
import type { AccountLimits } from "../security/limits";
import type { Metrics } from "../metrics/metrics";
import { stationPosters } from "../operator-views/station-posters";
import { memberKey } from "../participants/member-key";
import { isTeamStream, playerStream, teamStream } from "../participants/participant";
import type { Store } from "../store/store";
import type { PreviewGames, PreviewMode } from "../studio/previews";
import { AddressSearch } from "../studio/address-search";
import { ImageSizes } from "../packs/image-sizes";
import { gameZip } from "../studio/game-zip";
import { gamesAdmin } from "./games-admin";
import type { Services } from "./services";

const PLAIN = "text/plain; charset=utf-8";

/** What every answer shares, set before any route: errors, protection, CORS, unknown paths. */
export async function prepareHttp(
  app: FastifyInstance,
  config: Config,
  pack: ContentPack,
  framed = false,
) {
  // The API takes JSON only (415 for anything else): no cross-site form can call it.
  app.removeContentTypeParser("text/plain");
  app.setErrorHandler(answerError);
  registerProtection(app, { ...config, mapTiles: () => pack.map?.tiles?.url, framed });
  app.setNotFoundHandler((_request, reply) => reply.code(404).type(PLAIN).send("not found"));
  await app.register(fastifyCors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    methods: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
    // A mission's upload (tus, http/upload-routes.ts) reads these from its answers.
    exposedHeaders: [
      "Location",
      "Upload-Offset",
      "Upload-Length",
      "Tus-Resumable",
      "Upload-Expires",
      SUBMISSION_HEADER,
    ],
  });
}

export type RouteDeps = {
  config: Config;
  pack: ContentPack;
  store: Store;
  clock: Clock;
  metrics: Metrics;
  limits: AccountLimits;
  /** The game's short name (`preview` for a preview's server). */
  name: string;
  /** The path before every route of a preview's server (`/preview/<id>`); "" otherwise. */
  base?: string;
  /** A preview that types quicker (its `config.json`). */
  fast?: boolean;
  /** The studio's previews; a preview's server has none. */
  previews?: PreviewGames;
  /** The installation's other games; only the first game's server has them. */
  games?: GameDispatch;
};

/** Mounts every route plugin on its prefix, each given the services it calls. */
export async function mountRoutes(app: FastifyInstance, services: Services, deps: RouteDeps) {
  const { config, pack, store, clock, metrics, base = "", fast = false, previews, games } = deps;
  const { accounts, hub, presence, secret, news, teamPositions } = services;
  // The API description sees every route registered after it; a preview's server has none.
  if (base === "") await registerApiDocs(app);
  registerRequestLog(app, { streams: () => hub.size });
  countRequests(app, metrics);
  const { registration, login, passwords } = services;
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
  const { game, stories, media, scoreboard, throttle, submissions, readMarks } = services;
  await app.register(
    api(
      gameRoutes(accounts, {
        game,
        stories,
        media,
        scoreboard,
        throttle,
        author,
        submissions,
        readMarks,
      }),
    ),
    { prefix: "/api/game" },
  );
  const uploads = {
    dir: config.uploadDir,
    base,
    keeper: services.uploadKeeper,
    addressOf: (keeper: string) => presence.uploadsAt(keeper),
    nameOf: async (player: Player) => (await author(player))?.name,
    limits: deps.limits,
  };
  await app.register(api(uploadRoutes(accounts, submissions, uploads)), { prefix: "/api/game" });
  await app.register(api(submissionFileRoute(submissions)));
  await app.register(api(organisersPhotoRoute(services.organisers)));
  await app.register(api(pushRoutes(accounts, services.push, services.pushKey)), {
    prefix: "/api/push",
  });
  const clientErrors = {
    limit: deps.limits.clientErrorsPerIp,
    log: (fields: Record<string, unknown>) => app.log.warn(fields, "client error"),
    counted: metrics.clientError,
  };
  await app.register(api(clientErrorRoute(clientErrors)), { prefix: "/api/client" });
  const teamDeps = {
    positions: teamPositions,
    nameOf,
    namesOf: (streams: string[]) => displayNames(store.repos, streams),
    // Who is online on any instance (operator-views/presence.ts).
    online: () => presence.onlinePlayers(),
  };
  await app.register(api(teamRoutes(accounts, services.teams, teamDeps)), {
    prefix: "/api/game",
  });
  const moved = (playerId: number) => accounts.participantChanged(playerId);
  await app.register(api(outroRoute(accounts, moved)), { prefix: "/api/game" });
  await app.register(api(organisersRoutes(accounts, services.organisers, throttle)), {
    prefix: "/api/game",
  });
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
        clock: () => services.gameClock.openingEvent(),
        teamPositions: (stream, playerId) => teamPositions.openingEvent(stream, playerId),
        seen,
        member: (stream, playerId) =>
          isTeamStream(stream) ? memberKey(secret, stream, playerId) : undefined,
      }),
    ),
    { prefix: "/api/game" },
  );
  await app.register(
    api(
      opsRoutes({
        ops: services.ops,
        team: new OperatorTeam({ store, clock }),
        console: services.gameConsole,
        organisers: services.organisers,
        news,
        clock: services.gameClock,
        live: services.live,
        reloadContent: () => services.content.reload(),
        secure: config.publicUrl.startsWith("https:"),
        submissions,
        submissionsZip: (query) => submissionsZip({ store, blobs: services.blobs, pack }, query),
        ...(games && {
          games: gamesAdmin({
            ...{ store, config, clock, games, ops: services.ops },
            keepMs: deps.limits.archivedGameKeepMs,
          }),
        }),
        posters: (language) =>
          stationPosters(pack, secret, config.publicUrl, language ?? pack.defaultLanguage),
        packs: {
          library: services.packs,
          drafts: services.drafts,
          publisher: services.publisher,
          compile: (file, text) => services.contentThread.compile(file, text),
          release: (id, by) => services.content.release(id, by),
          storyId: () => pack.id,
          gameZip: () =>
            gameZip(
              { library: services.packs, drafts: services.drafts, clock },
              { name: deps.name, title: pack.title[pack.defaultLanguage] ?? deps.name },
            ),
          ...(previews && { preview: (mode: PreviewMode) => previews.open(mode) }),
          ...(config.geocoderUrl !== null && {
            addresses: new AddressSearch({
              url: config.geocoderUrl,
              userAgent: `Wegmarke studio (${config.publicUrl})`,
            }),
          }),
        },
      }),
    ),
    { prefix: "/api/ops" },
  );
  if (services.smsProvider instanceof OutboxSmsProvider) {
    await app.register(api(devRoutes(services.smsProvider)), { prefix: "/api/dev" });
  }
  const pictures = { sizes: new ImageSizes(config.packCacheDir), icons: new AppIcons() };
  await app.register(contentRoutes(pack, pictures, base, fast));
  if (previews) await app.register(previewRoutes(previews));
  if (games) await app.register(gamePrefixRoutes());
  await app.register(staticRoutes(config.webDist));
  await app.register(consoleRoutes(config.consoleDist));
  await app.register(healthRoutes(store, clock));
  await app.register(
    metricsRoute(metrics, { allow: config.metricsAllow, trustProxy: config.trustProxy }),
  );
}

/** API answers are per player and per moment: no cache may keep them. Large ones go compressed. */
function api(routes: FastifyPluginAsync): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", (_request, reply, done) => {
      reply.header("cache-control", "no-store");
      done();
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
