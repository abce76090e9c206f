import { request as httpRequest } from "node:http";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";

const PLAIN = "text/plain; charset=utf-8";
/** Marks a call one instance handed on to another: it is not handed on again. */
export const HANDED_ON = "x-wegmarke-hop";
/** Headers of one connection, not of the call. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade"]);

/**
 * The address a call came with, before a server handed it on below its prefix: kept on the
 * call itself (a WeakMap of every call handed on cost each young-generation GC its entries).
 */
const RECEIVED = Symbol("received");
type Received = IncomingMessage & { [RECEIVED]?: string };

/**
 * Gives the call to the server of a path below the one it came to (another game's):
 * `url`, the path below its prefix; the address it came with stays for `handOn`.
 */
export function passBelow(request: Received, url: string): void {
  request[RECEIVED] ??= request.url ?? "/";
  request.url = url;
}

/**
 * Sends the call on to the instance at `address` as it came (at the address it came to, a
 * game's prefix and all), and its answer back as it goes; `unreachable` is the 502's reason
 * when that instance does not answer.
 */
export function handOn(
  address: string,
  request: Received,
  response: ServerResponse,
  unreachable: string,
): void {
  const headers: Record<string, string | string[]> = { [HANDED_ON]: "1" };
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
  }
  const outgoing = httpRequest(
    new URL(request[RECEIVED] ?? request.url ?? "/", address),
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
    response.end(unreachable);
  });
  // An event stream ends when the phone hangs up.
  response.on("close", () => outgoing.destroy());
  request.pipe(outgoing);
}

/**
 * Leaves the body of every call of this plugin's routes unread: the server they hand the call
 * to (a preview's, another game's) reads it itself.
 */
export function leaveBodiesUnread(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null));
}

/** The path below a route's prefix (its `*` parameter), with the query the call came with. */
export function pathBelow(request: { url: string; params: { "*": string } }): string {
  const query = request.url.indexOf("?");
  return `/${request.params["*"]}${query < 0 ? "" : request.url.slice(query)}`;
}
