import { auditPage, auditQuery } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import type { OperatorService } from "../../operator-accounts/operator-service";
import { parse } from "../parse";
import { doc } from "../api-docs/describe";

/** The audit log, a page at a time: either role reads it. */
export function auditRoutes(ops: OperatorService): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/audit",
      {
        config: {
          role: ["host", "author"],
          docs: doc("ops", "The audit log, newest first, a page at a time", {
            query: auditQuery,
            response: auditPage,
          }),
        },
      },
      async (request) => ops.auditPage(parse(auditQuery, request.query, "query")),
    );
  };
}
