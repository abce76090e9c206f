import {
  auditQuery,
  languageSchema,
  opsCancelParams,
  opsEmptyRequest,
  opsExportQuery,
  opsNewsParams,
  opsNewsRequest,
  opsOperatorCreate,
  opsOperatorParams,
  opsPasswordRequest,
  opsPlayersQuery,
  opsRolesRequest,
  opsSessionRequest,
} from "@wegmarke/protocol";
import type { Language, OpsOperators, OpsReloadOutcome } from "@wegmarke/protocol";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { addressKey } from "../accounts/addresses";
import type { NewsService } from "../game/news-service";
import type { GameConsole } from "../operator-views/game-console";
import type { OpsLive } from "../operator-views/live";
import { meOf } from "../operator-accounts/operator-service";
import type { OperatorService, OpsCaller } from "../operator-accounts/operator-service";
import type { OperatorTeam } from "../operator-accounts/operator-team";
import { ok } from "./ok";
import { packRoutes } from "./pack-routes";
import { assertCallRole } from "./ops-roles";
import type { PackRouteDeps } from "./pack-routes";
import { parse } from "./parse";
import { openSseReply } from "./sse-reply";
import { submissionRoutes } from "./submission-routes";
import type { SubmissionRouteDeps } from "./submission-routes";
import type { SubmissionService } from "../missions/submission-service";

/** The console's session cookie: a 256-bit token, stored as its SHA-256 (operator-accounts/). */
export const OPS_COOKIE = "wegmarke_ops";

export type OpsRouteDeps = {
  ops: OperatorService;
  /** The operators as the console's team page manages them. */
  team: OperatorTeam;
  console: GameConsole;
  news: NewsService;
  live: OpsLive;
  /** Loads the content pack again (game/content-reload.ts). */
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
};

const postersQuery = z.object({ language: languageSchema.optional() });

const callers = new WeakMap<FastifyRequest, OpsCaller>();

/** The calls an operator with a one-time password may make: those that lead to its change. */
const beforePasswordChange = new Set([
  "GET /api/ops/me",
  "HEAD /api/ops/me",
  "DELETE /api/ops/session",
  "PUT /api/ops/password",
]);

/** The operator the pre-handler found for this call. */
export function callerOf(request: FastifyRequest): OpsCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error(`${request.url}: route without an operator`);
  return caller;
}

/** The value of the cookie `name` in the request's `Cookie` header(s). */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(";")) {
    const index = part.indexOf("=");
    if (index > 0 && part.slice(0, index).trim() === name) return part.slice(index + 1).trim();
  }
  return undefined;
}

function sessionCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${OPS_COOKIE}=${value}`,
    "Path=/",
    `Max-Age=${maxAgeSeconds}`,
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}

/**
 * The operator API, mounted at `/api/ops/`: every call but the sign-in needs the console's
 * session cookie or `Authorization: Bearer OPERATOR_TOKEN` (401 otherwise), which a pre-handler
 * checks before the route parses anything; unknown paths answer 401 too before 404.
 */
export function opsRoutes({
  ops,
  team,
  console: game,
  news,
  live,
  reloadContent,
  secure,
  posters,
  packs,
  submissions,
  submissionsZip,
}: OpsRouteDeps): FastifyPluginAsync {
  const authenticate = async (request: FastifyRequest) => {
    callers.set(
      request,
      await ops.authenticate({
        sessionToken: cookieOf(request, OPS_COOKIE),
        authorization: request.headers.authorization,
      }),
    );
  };
  return async (app: FastifyInstance) => {
    app.addHook("preHandler", async (request) => {
      if (request.method === "POST" && request.routeOptions.url === "/api/ops/session") return;
      await authenticate(request);
      const call = `${request.method} ${request.routeOptions.url ?? ""}`;
      ops.assertMayCall(callerOf(request), beforePasswordChange.has(call));
      assertCallRole(callerOf(request), call);
    });
    app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
      if (!callers.has(request)) await authenticate(request);
      return reply.code(404).type("text/plain; charset=utf-8").send("not found");
    });

    app.post("/session", async (request, reply) => {
      const { token, me, maxAgeSeconds } = await ops.signIn(
        parse(opsSessionRequest, request.body),
        addressKey(request.ip),
      );
      reply.header("set-cookie", sessionCookie(token, maxAgeSeconds, secure));
      return me;
    });

    app.delete("/session", async (request, reply) => {
      await ops.signOut(callerOf(request));
      reply.header("set-cookie", sessionCookie("", 0, secure));
      return ok;
    });

    app.get("/me", async (request) => meOf(callerOf(request)));

    app.put("/password", async (request) =>
      ops.changePassword(
        callerOf(request),
        parse(opsPasswordRequest, request.body),
        addressKey(request.ip),
      ),
    );

    app.get("/audit", async (request) => ops.auditPage(parse(auditQuery, request.query, "query")));

    app.get("/overview", async () => game.overview());

    app.get("/map", async () => game.map());

    app.get("/players", async (request) =>
      game.players(parse(opsPlayersQuery, request.query, "query")),
    );

    app.post("/players/:playerId/stations/:stationId/cancel", async (request) => {
      const { playerId, stationId } = parse(opsCancelParams, request.params, "path");
      parse(opsEmptyRequest, request.body);
      await game.cancel(playerId, stationId);
      await ops.record(
        callerOf(request),
        "station.cancel",
        `player ${playerId}, station ${stationId}`,
      );
      return ok;
    });

    app.get("/news", async () => ({ news: await news.list() }));

    app.get("/news/audience", async () => game.newsAudience());

    app.post("/news", async (request) => {
      const body = parse(opsNewsRequest, request.body);
      const caller = callerOf(request);
      const sent = await news.send(body, meOf(caller).name);
      await ops.record(caller, "news.send", `news ${sent.id}: ${body.text.de.slice(0, 80)}`);
      return sent;
    });

    app.delete("/news/:id", async (request) => {
      const { id } = parse(opsNewsParams, request.params, "path");
      const withdrawn = await news.withdraw(id);
      await ops.record(callerOf(request), "news.withdraw", `news ${id}`);
      return withdrawn;
    });

    app.get("/stations/posters.pdf", async (request, reply) => {
      const { language } = parse(postersQuery, request.query, "query");
      const pdf = await posters(language);
      const name = `wegmarke-station-posters${language ? `-${language}` : ""}.pdf`;
      return reply
        .type("application/pdf")
        .header("content-disposition", `attachment; filename="${name}"`)
        .send(pdf);
    });

    app.get("/export.csv", async (request, reply) => {
      const query = parse(opsExportQuery, request.query, "query");
      const csv = await game.exportCsv(query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="wegmarke-${query.table}-${day}.csv"`)
        .send(csv);
    });

    app.post("/content/reload", async (request, reply) => {
      parse(opsEmptyRequest, request.body);
      const outcome = await reloadContent();
      const detail = outcome.ok
        ? `version ${outcome.version}`
        : `refused: ${outcome.problems.length} problem(s)`;
      await ops.record(callerOf(request), "content.reload", detail);
      return reply.code(outcome.ok ? 200 : 422).send(outcome);
    });

    // The team: only an operator with every role manages the others.
    app.get("/operators", async (request) => {
      team.assertManager(callerOf(request));
      return { operators: await team.list() } satisfies OpsOperators;
    });

    app.post("/operators", async (request, reply) => {
      const caller = callerOf(request);
      team.assertManager(caller);
      const { name, roles } = parse(opsOperatorCreate, request.body);
      return reply.code(201).send(await team.add(caller, name, roles));
    });

    app.put("/operators/:name/roles", async (request) => {
      const caller = callerOf(request);
      team.assertManager(caller);
      const { name } = parse(opsOperatorParams, request.params, "path");
      const { roles } = parse(opsRolesRequest, request.body);
      return team.setRoles(caller, name, roles);
    });

    app.get("/live", async (_request, reply) => {
      reply.raw.on("close", live.connect(openSseReply(reply)));
      return reply;
    });

    await app.register(
      packRoutes({
        ...packs,
        author: (request) => meOf(callerOf(request)).name,
        record: (request, action, detail) => ops.record(callerOf(request), action, detail),
      }),
      { prefix: "/pack" },
    );
    await app.register(
      submissionRoutes({
        submissions,
        operator: (request) => meOf(callerOf(request)).name ?? "OPERATOR_TOKEN",
        record: (request, action, detail) => ops.record(callerOf(request), action, detail),
        exportZip: submissionsZip,
      }),
      { prefix: "/submissions" },
    );
  };
}
