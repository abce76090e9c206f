import { ErrorReason, clientErrorReport } from "@wegmarke/protocol";
import type { ClientErrorReport } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { TooManyRequests } from "../errors";
import type { RateLimit } from "../security/rate-limiter";
import { ok } from "./ok";
import { parse } from "./parse";
import { doc } from "./api-docs/describe";

export type ClientErrorDeps = {
  /** Reports one address may send in a window (`clientErrorsPerIp`). */
  limit: RateLimit;
  /** Logs the report (JSON, with the address's user agent). */
  log: (fields: Record<string, unknown>) => void;
  /** Counts it in `/metrics`. */
  counted: (kind: ClientErrorReport["kind"]) => void;
  now?: () => number;
};

/**
 * `POST /api/client/errors`: the app reports a screen that did not load or render (issue 28),
 * so that operators see it in the log and in `/metrics`; at most `limit` from one address in
 * its window, counted in this process's memory.
 */
export function clientErrorRoute(deps: ClientErrorDeps): FastifyPluginAsync {
  const recent = new Map<string, number[]>();
  const now = deps.now ?? Date.now;
  return async (app) => {
    app.post(
      "/errors",
      {
        config: {
          docs: doc("service", "A screen of the app that failed, logged", {
            description: "Counted per address (10 a minute).",
            body: clientErrorReport,
          }),
        },
      },
      async (request) => {
        const report = parse(clientErrorReport, request.body);
        const at = now();
        const { limit, windowMs } = deps.limit;
        const times = (recent.get(request.ip) ?? []).filter((t) => t > at - windowMs);
        if (times.length >= limit) {
          throw new TooManyRequests(ErrorReason.tooManyAttempts, Math.ceil(windowMs / 1000));
        }
        times.push(at);
        recent.set(request.ip, times);
        // Addresses that went quiet are forgotten.
        if (recent.size > 10_000) {
          for (const [ip, seen] of recent)
            if (!seen.some((t) => t > at - windowMs)) recent.delete(ip);
        }
        deps.log({ client: { ...report, userAgent: request.headers["user-agent"] ?? null } });
        deps.counted(report.kind);
        return ok;
      },
    );
  };
}
