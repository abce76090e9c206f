import { okResponse, opsMe, opsPasswordRequest, opsSessionRequest } from "@wegmarke/protocol";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { addressKey } from "../../accounts/addresses";
import type { OperatorService } from "../../operator-accounts/operator-service";
import { meOf } from "../../operator-accounts/ops-caller";
import type { OpsCaller } from "../../operator-accounts/ops-caller";
import { ok } from "../ok";
import { parse } from "../parse";
import { assertCallerRole, requireDeclaredRoles } from "./roles";
import { doc } from "../api-docs/describe";

/** The console's session cookie: a 256-bit token, stored as its SHA-256 (operator-accounts/). */
export const OPS_COOKIE = "wegmarke_ops";

const SIGN_IN = "/api/ops/session";

const callers = new WeakMap<FastifyRequest, OpsCaller>();

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

export type OpsGateDeps = {
  ops: OperatorService;
  /** PUBLIC_URL is https: the cookie goes over TLS only. */
  secure: boolean;
};

/**
 * The gate of the operator API, set on its plugin before any of its routes: a route that states
 * no role (`config.role`, ./roles.ts) stops the server's start. Every call but the sign-in needs
 * the console's session cookie or `Authorization: Bearer OPERATOR_TOKEN` (401 otherwise), then
 * the role its route states (403), both checked by a pre-handler before the route parses
 * anything; unknown paths answer 401 too before 404. It serves the session's own calls: the
 * sign-in and -out, the operator's own data and the change of its password.
 */
export function opsGate(app: FastifyInstance, { ops, secure }: OpsGateDeps): void {
  const authenticate = async (request: FastifyRequest) => {
    callers.set(
      request,
      await ops.authenticate({
        sessionToken: cookieOf(request, OPS_COOKIE),
        authorization: request.headers.authorization,
      }),
    );
  };
  requireDeclaredRoles(app);
  app.addHook("preHandler", async (request) => {
    if (request.method === "POST" && request.routeOptions.url === SIGN_IN) return;
    await authenticate(request);
    const { config } = request.routeOptions;
    ops.assertMayCall(callerOf(request), config.beforePasswordChange === true);
    // The not-found handler answers unknown paths with 404 once the caller is known.
    if (!request.is404) assertCallerRole(callerOf(request), config.role);
  });
  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (!callers.has(request)) await authenticate(request);
    return reply.code(404).type("text/plain; charset=utf-8").send("not found");
  });

  app.post(
    "/session",
    {
      config: {
        role: "operator",
        docs: doc("ops", "Sign in: sets the session cookie", {
          body: opsSessionRequest,
          response: opsMe,
        }),
      },
    },
    async (request, reply) => {
      const { token, me, maxAgeSeconds } = await ops.signIn(
        parse(opsSessionRequest, request.body),
        addressKey(request.ip),
      );
      reply.header("set-cookie", sessionCookie(token, maxAgeSeconds, secure));
      return me;
    },
  );

  // The calls that lead to the change of a one-time password.
  app.delete(
    "/session",
    {
      config: {
        role: "operator",
        beforePasswordChange: true,
        docs: doc("ops", "Sign out", { response: okResponse }),
      },
    },
    async (request, reply) => {
      await ops.signOut(callerOf(request));
      reply.header("set-cookie", sessionCookie("", 0, secure));
      return ok;
    },
  );

  app.get(
    "/me",
    {
      config: {
        role: "operator",
        beforePasswordChange: true,
        docs: doc("ops", "The signed-in operator", { response: opsMe }),
      },
    },
    async (request) => meOf(callerOf(request)),
  );

  app.put(
    "/password",
    {
      config: {
        role: "operator",
        beforePasswordChange: true,
        docs: doc("ops", "Change the password (a one-time password first)", {
          body: opsPasswordRequest,
          response: opsMe,
        }),
      },
    },
    async (request) =>
      ops.changePassword(
        callerOf(request),
        parse(opsPasswordRequest, request.body),
        addressKey(request.ip),
      ),
  );
}
