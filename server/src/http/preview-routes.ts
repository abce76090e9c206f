import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import { doc } from "./api-docs/describe";
import { HANDED_ON, handOn, leaveBodiesUnread, pathBelow } from "./hand-on";

/** What serves the previews' requests (studio/previews.ts). */
export type PreviewDispatch = {
  /** Hands the request to the preview `id` when it runs here; false otherwise. */
  dispatch(id: string, url: string, request: IncomingMessage, response: ServerResponse): boolean;
  /** The address of the other instance that runs the preview `id`, if one does. */
  locate(id: string): Promise<string | undefined>;
};

const PLAIN = "text/plain; charset=utf-8";

/**
 * `/preview/<id>/…`: the requests of a preview's player app, handed unread to the preview's
 * own server with the path below the prefix. A preview another instance runs gets them through
 * that instance's address (its presence report); a preview that ended is a 404 that says so.
 */
export function previewRoutes(previews: PreviewDispatch): FastifyPluginAsync {
  return async (app) => {
    leaveBodiesUnread(app);

    // The methods the player app sends (HEAD comes with GET; PATCH and DELETE: a mission's
    // upload).
    app.route<{ Params: { id: string; "*": string } }>({
      method: ["GET", "POST", "PUT", "PATCH", "DELETE"],
      url: "/preview/:id/*",
      config: {
        docs: doc("studio", "The studio's preview", {
          description:
            "The player app and its calls below `/preview/<id>/`, answered by the draft's game.",
          params: z.object({ id: z.string(), path: z.string() }),
          produces: "application/octet-stream",
        }),
      },
      handler: async (request, reply) => {
        const { id } = request.params;
        const url = pathBelow(request);
        reply.hijack();
        if (previews.dispatch(id, url, request.raw, reply.raw)) return;
        const address =
          request.headers[HANDED_ON] === undefined ? await previews.locate(id) : undefined;
        if (address !== undefined) {
          handOn(address, request.raw, reply.raw, "the instance of this preview cannot be reached");
          return;
        }
        reply.raw.writeHead(404, { "content-type": PLAIN, "cache-control": "no-store" });
        reply.raw.end("this preview has ended: start it again in the studio");
      },
    });
  };
}
