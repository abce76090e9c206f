import type { Language, OpsReloadOutcome } from "@wegmarke/protocol";
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from "fastify";
import type { GameClock } from "../game/game-clock";
import type { NewsService } from "../game/news-service";
import type { SubmissionService } from "../missions/submission-service";
import type { GameConsole } from "../operator-views/game-console";
import type { OrganisersService } from "../organisers/organisers-service";
import type { OpsLive } from "../operator-views/live";
import type { OperatorService } from "../operator-accounts/operator-service";
import { meOf } from "../operator-accounts/ops-caller";
import type { OperatorTeam } from "../operator-accounts/operator-team";
import { auditRoutes } from "./ops/audit-routes";
import { clockRoutes } from "./ops/clock-routes";
import { callerOf, opsGate } from "./ops/gate";
import { gamesRoutes } from "./ops/games-routes";
import type { GamesRouteDeps } from "./ops/games-routes";
import { newsRoutes } from "./ops/news-routes";
import { operatorsRoutes } from "./ops/operators-routes";
import { overviewRoutes } from "./ops/overview-routes";
import { playersRoutes } from "./ops/players-routes";
import { gameMasterRoutes } from "./ops/game-master-routes";
import { inboxRoutes } from "./ops/inbox-routes";
import { postersRoutes } from "./ops/posters-routes";
import { reloadRoutes } from "./ops/reload-routes";
import { submissionRoutes } from "./ops/submissions-routes";
import type { SubmissionRouteDeps } from "./ops/submissions-routes";
import { packRoutes } from "./pack-routes";
import type { PackRouteDeps } from "./pack-routes";

export type OpsRouteDeps = {
  ops: OperatorService;
  /** The operators as the console's team page manages them. */
  team: OperatorTeam;
  console: GameConsole;
  /** The players' conversations with the organisers (`/api/ops/inbox`). */
  organisers: OrganisersService;
  news: NewsService;
  /** The game's start and end (`/api/ops/clock`). */
  clock: GameClock;
  live: OpsLive;
  /** Loads the content pack again (studio/content-reload.ts). */
  reloadContent: () => Promise<OpsReloadOutcome>;
  /** PUBLIC_URL is https: the cookie goes over TLS only. */
  secure: boolean;
  /** The stations' QR posters as a PDF, one A4 page each (operator-views/station-posters.ts). */
  posters: (language: Language | undefined) => Promise<Buffer>;
  /** The pack's versions (`/api/ops/pack/`, pack-routes.ts). */
  packs: Omit<PackRouteDeps, "author" | "record">;
  /** Missions' submissions, judged by hosts (`/api/ops/submissions`), and their zip. */
  submissions: SubmissionService;
  submissionsZip: SubmissionRouteDeps["exportZip"];
  /** The installation's games (the first game's server only). */
  games?: GamesRouteDeps;
};

/**
 * The operator API, mounted at `/api/ops/`: the gate (ops/gate.ts: the sign-in, the session and
 * the role each route states) before the routes of each resource (ops/*-routes.ts, the pack's
 * in pack-routes.ts).
 */
export function opsRoutes({
  ops,
  team,
  console: game,
  organisers,
  news,
  clock,
  live,
  reloadContent,
  secure,
  posters,
  packs,
  submissions,
  submissionsZip,
  games,
}: OpsRouteDeps): FastifyPluginAsync {
  const record = (request: FastifyRequest, action: string, detail: string) =>
    ops.record(callerOf(request), action, detail);
  return async (app: FastifyInstance) => {
    opsGate(app, { ops, secure });
    await app.register(auditRoutes(ops));
    await app.register(overviewRoutes(game, live));
    await app.register(playersRoutes(game, record));
    await app.register(gameMasterRoutes(game, record));
    await app.register(inboxRoutes(organisers, record));
    await app.register(newsRoutes(news, game, record));
    await app.register(clockRoutes(clock, record));
    await app.register(postersRoutes(posters));
    await app.register(reloadRoutes(reloadContent, record));
    await app.register(operatorsRoutes(team));
    if (games) await app.register(gamesRoutes(games));
    await app.register(
      packRoutes({ ...packs, author: (request) => meOf(callerOf(request)).name, record }),
      { prefix: "/pack" },
    );
    await app.register(
      submissionRoutes({
        submissions,
        operator: (request) => meOf(callerOf(request)).name ?? "OPERATOR_TOKEN",
        record,
        exportZip: submissionsZip,
      }),
      { prefix: "/submissions" },
    );
  };
}
