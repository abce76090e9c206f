import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { opsOperatorCreated, OpsReason } from "@wegmarke/protocol";
import type { OpsRole } from "@wegmarke/protocol";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dialects } from "./support/dialects";
import type { TestDatabase } from "./support/dialects";
import { startApp } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Every operator route of the real app with the role that opens it: "operator" is any
 * signed-in operator of the installation, "viewer" one who sees this game; a list is one role
 * of several; "admin" is the installation's. A route added without a row here, or answering
 * otherwise than its row says, fails this test. A HEAD is decided as its GET.
 */
const AUTHOR = "author";
const HOST = "host";
const EITHER = "host or author";
const ADMIN = "admin";
type Expected = "operator" | "viewer" | typeof AUTHOR | typeof HOST | typeof EITHER | typeof ADMIN;

const expected: Record<string, Expected> = {
  "POST /api/ops/session": "operator",
  "DELETE /api/ops/session": "operator",
  "GET /api/ops/me": "operator",
  "PUT /api/ops/password": "operator",
  "GET /api/ops/overview": "viewer",
  "GET /api/ops/map": "viewer",
  "GET /api/ops/live": "viewer",
  "GET /api/ops/news": "viewer",
  "GET /api/ops/clock": "viewer",
  "GET /api/ops/news/audience": "viewer",
  "GET /api/ops/games": "operator",
  "POST /api/ops/games": ADMIN,
  "POST /api/ops/games/:name/archive": ADMIN,
  "POST /api/ops/games/import": ADMIN,
  "GET /api/ops/games/archived": ADMIN,
  "POST /api/ops/games/:name/restore": ADMIN,
  "GET /api/ops/pack/versions": "viewer",
  "GET /api/ops/operators": ADMIN,
  "POST /api/ops/operators": ADMIN,
  "PUT /api/ops/operators/:name/roles": ADMIN,
  "GET /api/ops/audit": EITHER,
  "GET /api/ops/stations/posters.pdf": EITHER,
  "POST /api/ops/news": HOST,
  "PUT /api/ops/clock": HOST,
  "DELETE /api/ops/news/:id": HOST,
  "GET /api/ops/players": HOST,
  "POST /api/ops/players/:playerId/stations/:stationId/cancel": HOST,
  "POST /api/ops/players/:playerId/stations/:stationId/close": HOST,
  "POST /api/ops/players/:playerId/stations/:stationId/reopen": HOST,
  "GET /api/ops/players/:playerId/thread": HOST,
  "GET /api/ops/players/:playerId/watch": HOST,
  "POST /api/ops/players/:playerId/lines": HOST,
  "POST /api/ops/players/:playerId/deliver": HOST,
  "POST /api/ops/players/:playerId/hint": HOST,
  "POST /api/ops/players/:playerId/jump": HOST,
  "POST /api/ops/players/:playerId/points": HOST,
  "GET /api/ops/inbox": HOST,
  "GET /api/ops/players/:playerId/organisers": HOST,
  "POST /api/ops/players/:playerId/organisers": HOST,
  "POST /api/ops/players/:playerId/organisers/read": HOST,
  "GET /api/ops/export.csv": HOST,
  "GET /api/ops/submissions": HOST,
  "GET /api/ops/submissions/export.zip": HOST,
  "POST /api/ops/submissions/:id/verdict": HOST,
  "POST /api/ops/content/reload": AUTHOR,
  "POST /api/ops/pack/import": AUTHOR,
  "POST /api/ops/pack/versions/:id/release": AUTHOR,
  "GET /api/ops/pack/versions/:id/zip": AUTHOR,
  "GET /api/ops/pack/game.zip": AUTHOR,
  "GET /api/ops/pack/versions/:id/changes": AUTHOR,
  "GET /api/ops/pack/draft": AUTHOR,
  "DELETE /api/ops/pack/draft": AUTHOR,
  "GET /api/ops/pack/draft/file": AUTHOR,
  "PUT /api/ops/pack/draft/file": AUTHOR,
  "DELETE /api/ops/pack/draft/file": AUTHOR,
  "GET /api/ops/pack/draft/station": AUTHOR,
  "PUT /api/ops/pack/draft/station": AUTHOR,
  "POST /api/ops/pack/draft/stations": AUTHOR,
  "POST /api/ops/pack/draft/stations/script": AUTHOR,
  "DELETE /api/ops/pack/draft/station": AUTHOR,
  "POST /api/ops/pack/draft/station/copy": AUTHOR,
  "POST /api/ops/pack/draft/stories": AUTHOR,
  "DELETE /api/ops/pack/draft/story": AUTHOR,
  "GET /api/ops/pack/draft/story": AUTHOR,
  "PUT /api/ops/pack/draft/story": AUTHOR,
  "GET /api/ops/pack/draft/game": AUTHOR,
  "PUT /api/ops/pack/draft/game": AUTHOR,
  "GET /api/ops/pack/draft/texts": AUTHOR,
  "PUT /api/ops/pack/draft/texts": AUTHOR,
  "GET /api/ops/pack/draft/map": AUTHOR,
  "PUT /api/ops/pack/draft/map": AUTHOR,
  "GET /api/ops/pack/draft/media": AUTHOR,
  "PUT /api/ops/pack/draft/media": AUTHOR,
  "GET /api/ops/pack/draft/places": AUTHOR,
  "POST /api/ops/pack/draft/compile": AUTHOR,
  "POST /api/ops/pack/draft/check": AUTHOR,
  "POST /api/ops/pack/draft/publish": AUTHOR,
  "POST /api/ops/pack/draft/preview": AUTHOR,
};

/** The reason of the 403 that `role` gives an operator without it. */
const reasonOf: Record<Exclude<Expected, "viewer" | "operator">, string> = {
  [AUTHOR]: OpsReason.authorRequired,
  [HOST]: OpsReason.hostRequired,
  [EITHER]: OpsReason.roleRequired,
  [ADMIN]: OpsReason.adminRequired,
};
const gateReasons = new Set([...Object.values(reasonOf), OpsReason.notYourGame]);

/** What a caller holds: their roles in this game, whether they see it, whether admin. */
type Holds = { roles: readonly OpsRole[]; member: boolean; admin: boolean };

function opens(role: Expected, { roles, member, admin }: Holds): boolean {
  if (role === "operator") return true;
  if (role === ADMIN) return admin;
  if (!member && !admin) return false;
  if (role === "viewer") return true;
  if (role === EITHER) return roles.length > 0;
  return roles.includes(role);
}

/** Why a caller is refused `role`. */
function reasonFor(role: Exclude<Expected, "operator">, { member, admin }: Holds): string {
  if (role !== ADMIN && !member && !admin) return OpsReason.notYourGame;
  return role === "viewer" ? "" : reasonOf[role];
}

const TOKEN = "ops-route-roles-token-".padEnd(48, "r");

describe.each(dialects)("every operator route's role on $name", (dialect) => {
  let db: TestDatabase;
  let app: TestApp;
  const routes = new Set<string>();

  /** `METHOD /path` with sample values for its parameters: the status and, for a 403, why. */
  async function call(route: string, auth: Record<string, string>, body?: unknown) {
    const [method = "", pattern = ""] = route.split(" ");
    const path = pattern.replace(/:(\w+)/g, (_, name: string) => (name === "id" ? "1" : "x"));
    const sent = body ?? (["GET", "HEAD"].includes(method) ? undefined : {});
    const stop = new AbortController();
    const response = await fetch(`${app.url}${path}`, {
      method,
      headers: { ...auth, ...(sent !== undefined && { "content-type": "application/json" }) },
      ...(sent !== undefined && { body: JSON.stringify(sent) }),
      signal: stop.signal,
    });
    // A stream (the live view, a zip) is not read to its end: its status is what counts.
    const text = response.status === 403 || body !== undefined ? await response.text() : "";
    stop.abort();
    return { status: response.status, text, response };
  }

  /** An operator who holds `holds`, signed in with a password of its own: its cookie. */
  async function operator(
    name: string,
    { roles, member, admin }: Holds,
  ): Promise<Record<string, string>> {
    const token = { authorization: `Bearer ${TOKEN}` };
    const added = await call("POST /api/ops/operators", token, { name, roles, admin });
    expect(added.status, added.text).toBe(201);
    if (!member) {
      const away = { roles: [], member: false };
      const taken = await call(
        "PUT /api/ops/operators/:name/roles".replace(":name", name),
        token,
        away,
      );
      expect(taken.status, taken.text).toBe(200);
    }
    const { password } = opsOperatorCreated.parse(JSON.parse(added.text));
    const signedIn = await call("POST /api/ops/session", {}, { name, password });
    expect(signedIn.status, signedIn.text).toBe(200);
    const cookie = {
      cookie: (signedIn.response.headers.get("set-cookie") ?? "").split(";")[0] ?? "",
    };
    const changed = await call("PUT /api/ops/password", cookie, {
      current: password,
      password: `${name}-Prueft-2026`,
    });
    expect(changed.status, changed.text).toBe(200);
    return cookie;
  }

  beforeAll(async () => {
    db = await dialect.open();
    const onInstance = (message: unknown) => {
      const { fastify } = message as { fastify: FastifyInstance };
      fastify.addHook("onRoute", (route) => {
        if (!route.url.startsWith("/api/ops/")) return;
        for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
      });
    };
    subscribe("fastify.initialization", onInstance);
    try {
      app = await startApp({ ...db.where, config: { operatorToken: TOKEN } });
    } finally {
      unsubscribe("fastify.initialization", onInstance);
    }
  });

  afterAll(async () => {
    await app.close();
    await db.done();
  });

  it("has a row for every operator route, and a GET for every HEAD", () => {
    const declared = [...routes].filter((route) => !route.startsWith("HEAD "));
    expect(declared.sort()).toEqual(Object.keys(expected).sort());
    for (const head of [...routes].filter((route) => route.startsWith("HEAD "))) {
      expect(routes.has(head.replace(/^HEAD /, "GET ")), head).toBe(true);
    }
  });

  it(
    "opens each route to the roles of its row, and to the token",
    { timeout: 120_000 },
    async () => {
      const holds = (roles: OpsRole[], member = true, admin = false): Holds => ({
        roles,
        member,
        admin,
      });
      const callers: [string, Holds][] = [
        ["autorin", holds(["author"])],
        ["gastgeber", holds(["host"])],
        ["zuschauerin", holds([])],
        ["fremde", holds(["author", "host"], false)],
        ["verwalterin", holds([], false, true)],
      ];
      const signedIn: [string, Record<string, string>, Holds][] = [
        ["token", { authorization: `Bearer ${TOKEN}` }, holds(["author", "host"], true, true)],
      ];
      for (const [name, held] of callers) {
        signedIn.push([name, await operator(name, held), held]);
      }
      const refusedGets = new Map<string, boolean>();
      // Signing out last: the sessions serve every other call first.
      const order = [...routes].sort(
        (a, b) => Number(a === "DELETE /api/ops/session") - Number(b === "DELETE /api/ops/session"),
      );
      for (const [who, auth, held] of signedIn) {
        for (const route of order) {
          const [method = "", pattern = ""] = route.split(" ");
          const answer = await call(route, auth);
          refusedGets.set(`${who} ${route}`, answer.status === 403);
          if (method === "HEAD") {
            const get = refusedGets.get(`${who} GET ${pattern}`);
            expect(answer.status === 403, `${who} ${route}: as its GET`).toBe(get);
            continue;
          }
          const role = expected[route] ?? "viewer";
          const refused = answer.status === 403 && gateReasons.has(answer.text);
          expect(refused, `${who} ${route}: ${answer.status} ${answer.text}`).toBe(
            !opens(role, held),
          );
          if (refused && role !== "operator") expect(answer.text).toBe(reasonFor(role, held));
        }
      }
    },
  );

  it("answers an unknown path 404 to a signed-in viewer, 401 to anyone else", async () => {
    const viewer = await operator("besucher", { roles: [], member: true, admin: false });
    expect((await call("GET /api/ops/nothing-here", viewer)).status).toBe(404);
    expect((await call("GET /api/ops/nothing-here", {})).status).toBe(401);
  });
});
