import { request as httpRequest } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyPluginAsync } from "fastify";

/** What serves the previews' requests (compose/previews.ts). */
export type PreviewDispatch = {
  /** Hands the request to the preview `id` when it runs here; false otherwise. */
  dispatch(id: string, url: string, request: IncomingMessage, response: ServerResponse): boolean;
  /** The address of the other instance that runs the preview `id`, if one does. */
  locate(id: string): Promise<string | undefined>;
};

const PLAIN = "text/plain; charset=utf-8";
/** Marks a call one instance handed on to another: it is not handed on again. */
const HANDED_ON = "x-wegmarke-preview-hop";
/** Headers of one connection, not of the call. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

/**
 * `/preview/<id>/…`: the requests of a preview's player app, handed unread to the preview's
 * own server with the path below the prefix. A preview another instance runs gets them through
 * that instance's address (its presence report); a preview that ended is a 404 that says so.
 */
export function previewRoutes(previews: PreviewDispatch): FastifyPluginAsync {
  return async (app) => {
    // The preview's server reads the body itself.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser("*", (_request, _payload, done) => done(null));

    // The methods the player app sends (HEAD comes with GET).
    app.route<{ Params: { id: string; "*": string } }>({
      method: ["GET", "POST", "PUT"],
      url: "/preview/:id/*",
      handler: async (request, reply) => {
        const { id } = request.params;
        const query = request.url.indexOf("?");
        const url = `/${request.params["*"]}${query < 0 ? "" : request.url.slice(query)}`;
        reply.hijack();
        if (previews.dispatch(id, url, request.raw, reply.raw)) return;
        const address =
          request.headers[HANDED_ON] === undefined ? await previews.locate(id) : undefined;
        if (address !== undefined) {
          handOn(address, request.raw, reply.raw);
          return;
        }
        reply.raw.writeHead(404, { "content-type": PLAIN, "cache-control": "no-store" });
        reply.raw.end("this preview has ended: start it again in the studio");
      },
    });
  };
}

/** Sends the call on to the instance at `address` as it came, and its answer back as it goes. */
function handOn(address: string, request: IncomingMessage, response: ServerResponse): void {
  const headers: Record<string, string | string[]> = { [HANDED_ON]: "1" };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const outgoing = httpRequest(
    new URL(request.url ?? "/", address),
    { method: request.method, headers },
    (answer) => {
      const back: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(answer.headers)) {
        if (value !== undefined && !HOP_BY_HOP.has(name)) back[name] = value;
      }
      response.writeHead(answer.statusCode ?? 502, back);
      answer.pipe(response);
    },
  );
  outgoing.on("error", () => {
    if (!response.headersSent) response.writeHead(502, { "content-type": PLAIN });
    response.end("the instance of this preview cannot be reached");
  });
  // An event stream ends when the phone hangs up.
  response.on("close", () => outgoing.destroy());
  request.pipe(outgoing);
}
