import { signedLinkQuery } from "@wegmarke/protocol";
import { z } from "zod";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../errors";
import { fileExtension } from "../missions/media-check";
import type { SubmissionService } from "../missions/submission-service";
import type { ByteRange } from "../store/blob-store";
import { parse } from "./parse";
import { doc } from "./api-docs/describe";

const submissionFileParams = z.object({
  id: z.coerce.number().int().positive().max(2_147_483_647),
  file: z.enum(["file", "thumb"]),
});

/**
 * A submission's file by its signed link (`GET /api/submissions/<id>/<file>`, decisions/039):
 * the link is the permission, so an `<img>` or `<video>` loads it. Served as the type it was
 * checked to be, never sniffed, never run (a sandboxing policy), with byte ranges for video.
 */
export function submissionFileRoute(submissions: SubmissionService): FastifyPluginAsync {
  return async (app) => {
    const serve = async (request: FastifyRequest, reply: FastifyReply) => {
      const { id, file } = parse(submissionFileParams, request.params, "path");
      const link = parse(signedLinkQuery, request.query, "query");
      const range = requestedRange(request.headers.range);
      const stored = await submissions.open(id, file, link, range);
      if (range && range.start >= stored.size) {
        stored.body.destroy();
        reply.header("content-range", `bytes */${stored.size}`);
        throw new ServiceError(416, "Range: the start lies beyond the file");
      }
      const end = range ? Math.min(range.end, stored.size - 1) : stored.size - 1;
      const extension = fileExtension(stored.type);
      reply
        .header("content-type", stored.type)
        .header("content-disposition", `inline; filename="wegmarke-${id}-${file}.${extension}"`)
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", "private, max-age=600")
        .header("accept-ranges", "bytes")
        .header("content-length", end - (range?.start ?? 0) + 1);
      if (range)
        reply.code(206).header("content-range", `bytes ${range.start}-${end}/${stored.size}`);
      if (request.method === "HEAD") {
        stored.body.destroy();
        return reply.send();
      }
      return reply.send(stored.body);
    };
    app.get(
      "/api/submissions/:id/:file",
      {
        config: {
          docs: doc("missions", "A submission's file by its signed link", {
            description:
              "Byte ranges; served as the type it was checked to be, never run as a page.",
            params: submissionFileParams,
            query: signedLinkQuery,
            produces: "application/octet-stream",
          }),
        },
      },
      serve,
    );
  };
}

/** One range of `Range: bytes=start-end` (or `start-`); anything else is the whole file. */
function requestedRange(header: string | undefined): ByteRange | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? "");
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = match[2] === "" ? Number.MAX_SAFE_INTEGER : Number(match[2]);
  if (end < start) throw new ServiceError(416, "Range: the end lies before the start");
  return { start, end };
}
