import { opsEmptyRequest, opsReloadOutcome } from "@wegmarke/protocol";
import type { OpsReloadOutcome } from "@wegmarke/protocol";
import type { FastifyPluginAsync } from "fastify";
import { parse } from "../parse";
import type { OpsRecord } from "./record";
import { doc, REFUSED } from "../api-docs/describe";

/** The content pack loaded again from its folder, the authors' (422 when it is refused). */
export function reloadRoutes(
  reloadContent: () => Promise<OpsReloadOutcome>,
  record: OpsRecord,
): FastifyPluginAsync {
  return async (app) => {
    app.post(
      "/content/reload",
      {
        config: {
          role: "author",
          docs: doc("studio", "Load the content pack again", {
            description: REFUSED,
            body: opsEmptyRequest,
            response: opsReloadOutcome,
          }),
        },
      },
      async (request, reply) => {
        parse(opsEmptyRequest, request.body);
        const outcome = await reloadContent();
        const detail = outcome.ok
          ? `version ${outcome.version}`
          : `refused: ${outcome.problems.length} problem(s)`;
        await record(request, "content.reload", detail);
        return reply.code(outcome.ok ? 200 : 422).send(outcome);
      },
    );
  };
}
