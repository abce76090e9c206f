import type { Readable } from "node:stream";
import {
  okResponse,
  opsEmptyRequest,
  opsSubmissionsExportQuery,
  submissionIdParams,
  submissionQueueResponse,
  verdictRequest,
} from "@wegmarke/protocol";
import type { OpsSubmissionsExportQuery, SubmissionQueueResponse } from "@wegmarke/protocol";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { SubmissionService } from "../../missions/submission-service";
import { ok } from "../ok";
import { parse } from "../parse";
import type { OpsRecord } from "./record";
import { doc } from "../api-docs/describe";

export type SubmissionRouteDeps = {
  submissions: SubmissionService;
  /** The calling operator's login. */
  operator: (request: FastifyRequest) => string;
  record: OpsRecord;
  /** Every submission as a zip with its index (operator-views/submission-export.ts). */
  exportZip: (query: OpsSubmissionsExportQuery) => Readable;
};

/**
 * The hosts' judging (decisions/039), mounted at `/api/ops/submissions` inside the operator
 * API (its gate checks the caller and the host role each route states): the queue, oldest first, and a
 * verdict, given once (409 `submission judged` for the second host).
 */
export function submissionRoutes({
  submissions,
  operator,
  record,
  exportZip,
}: SubmissionRouteDeps): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "",
      {
        config: {
          role: "host",
          docs: doc("ops", "The hosts' queue: how many wait", {
            query: opsEmptyRequest,
            response: submissionQueueResponse,
          }),
        },
      },
      async (request): Promise<SubmissionQueueResponse> => {
        parse(opsEmptyRequest, request.query ?? {}, "query");
        const { waiting, count } = await submissions.queue();
        return { value: { Waiting: waiting, Count: count } };
      },
    );

    app.get(
      "/export.zip",
      {
        config: {
          role: "host",
          docs: doc("ops", "Every submission as a zip with index.csv", {
            query: opsSubmissionsExportQuery,
            produces: "application/zip",
          }),
        },
      },
      async (request, reply) => {
        const query = parse(opsSubmissionsExportQuery, request.query, "query");
        await record(request, "submissions.export", `index: ${query.separator}, ${query.timeZone}`);
        const day = new Date().toISOString().slice(0, 10);
        return reply
          .type("application/zip")
          .header("content-disposition", `attachment; filename="wegmarke-submissions-${day}.zip"`)
          .send(exportZip(query));
      },
    );

    app.post(
      "/:id/verdict",
      {
        config: {
          role: "host",
          docs: doc("ops", "Approve or reject a submission, once", {
            params: submissionIdParams,
            body: verdictRequest,
            response: okResponse,
          }),
        },
      },
      async (request) => {
        const { id } = parse(submissionIdParams, request.params, "path");
        const { Approved, Points, Line } = parse(verdictRequest, request.body);
        const awarded = await submissions.judge(
          id,
          { approved: Approved, points: Points, line: Line },
          operator(request),
        );
        // The points the player gets; the host's own number beside them when the station's cut it.
        const given = Points === undefined || Points === awarded ? "" : ` (${Points} given)`;
        const counted = `${awarded} ${awarded === 1 ? "point" : "points"}`;
        const verdict = Approved ? `approved, ${counted}${given}` : "rejected";
        await record(request, "submission.judge", `submission ${id}: ${verdict}`);
        return ok;
      },
    );
  };
}
