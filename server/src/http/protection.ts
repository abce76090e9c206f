import type { IncomingMessage, ServerResponse } from "node:http";
import helmet from "helmet";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { redactUrl } from "./logging";

const PLAIN = "text/plain; charset=utf-8";

/** The console's pages (`/ops`, `/ops/…`): an author's studio previews a draft's map tiles. */
const CONSOLE = /^\/ops(\/|\?|$)/;

/** Methods that change something: only pages of the game's own origins may send them. */
const CHANGING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export type ProtectionOptions = {
  /** `PUBLIC_URL`: the app's own origin; https turns HSTS on. */
  publicUrl: string;
  /** `CORS_ORIGINS`: other origins allowed to call the API. */
  corsOrigins: string[];
  /**
   * The tile address of the pack's map (game.yaml `map.tiles.url`), asked per answer so that a
   * reloaded pack counts: its host may serve pictures (`img-src`).
   */
  mapTiles?: () => string | undefined;
  /** A preview of the studio's draft plays in a frame of the console: its own pages may frame it. */
  framed?: boolean;
};

/**
 * The CSP source of a tile address: its scheme and host, `{s}.` (Leaflet's subdomains) as
 * `*.`; "" for none or an address whose host is not plain.
 */
export function tileSource(url: string | undefined): string {
  if (url === undefined) return "";
  const match = /^(https?:\/\/)((?:\{s\}\.)?[a-z0-9.-]+(?::\d+)?)\//i.exec(url);
  return match ? `${match[1]}${match[2]?.replace("{s}.", "*.")}` : "";
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route hands its requests to another server (a game's), which sets the headers. */
    ownHeaders?: boolean;
  }
}

/**
 * The browser-facing protections of every answer (docs/security.md): security headers with a
 * Content-Security-Policy that allows no inline script and no framing (helmet, built once: the
 * CSP's one changing source is asked per answer), and a
 * refusal (403) of changing calls whose `Origin` is another site's. A call without `Origin`
 * (curl, another server) is not a browser's, so it passes; the API takes JSON only, so a
 * cross-site form cannot post to it either.
 */
export function registerProtection(
  app: FastifyInstance,
  { publicUrl, corsOrigins, mapTiles, framed = false }: ProtectionOptions,
): void {
  const https = publicUrl.startsWith("https:");
  const imageHosts = (request: IncomingMessage) =>
    `${CONSOLE.test(request.url ?? "") ? "https: " : ""}${tileSource(mapTiles?.())}`.trim();
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // WebAssembly compiles (the QR reader where the browser has none); no eval of script.
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // React sets style properties, and some components a style attribute: no script.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // QR codes are data: URLs; the service worker answers pictures from its cache.
        // The map's tiles come from the host the pack names (game.yaml `map.tiles`); the
        // console's studio shows the tiles of any https host an author picks for the draft.
        imgSrc: ["'self'", "data:", "blob:", imageHosts],
        mediaSrc: ["'self'", "blob:"],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: [framed ? "'self'" : "'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The reset link carries its token in the query: no page may pass it on.
    referrerPolicy: { policy: "no-referrer" },
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 60 * 60 } : false,
    // Media of the pack are loaded by the app's own pages only.
    crossOriginResourcePolicy: { policy: "same-origin" },
    crossOriginEmbedderPolicy: false,
  });
  // Helmet checks and joins every directive per call: its headers are made once per CSP.
  const made = new Map<string, Header[]>();
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config.ownHeaders) return done();
    const hosts = imageHosts(request.raw);
    let set = made.get(hosts);
    if (!set) {
      if (made.size >= 16) made.clear();
      set = headersOf(headers, request.raw);
      made.set(hosts, set);
    }
    for (const [name, value] of set) {
      if (value === undefined) reply.raw.removeHeader(name);
      else reply.raw.setHeader(name, value);
    }
    done();
  });

  const allowed = new Set([
    new URL(publicUrl).origin,
    ...corsOrigins.map((o) => new URL(o).origin),
  ]);
  app.addHook("onRequest", (request, reply, done) => {
    const origin = request.headers.origin;
    if (
      !CHANGING.has(request.method) ||
      origin === undefined ||
      allowed.has(origin) ||
      origin === ownOrigin(request)
    ) {
      return done();
    }
    void reply.code(403).type(PLAIN).send("cross-site request");
  });
}

/** A header helmet sets (its value), or removes (undefined). */
type Header = [name: string, value: string | number | readonly string[] | undefined];

/** What helmet does to an answer's headers for `request`, recorded. */
function headersOf(headers: ReturnType<typeof helmet>, request: IncomingMessage): Header[] {
  const set: Header[] = [];
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) =>
      set.push([name, value]),
    removeHeader: (name: string) => set.push([name, undefined]),
  };
  // Helmet throws rather than pass an error on; it only sets and removes headers.
  headers(request, response as unknown as ServerResponse, () => undefined);
  return set;
}

/** The origin the request was sent to, as its Host header (or the proxy's) names it. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * Fastify's own refusals before any route (a URL that is no valid URL, say) in the API's
 * format: a status and a plain-text reason, logged with the URL redacted.
 */
export function frameworkErrors(
  error: { code?: string; statusCode?: number; message: string },
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = error.statusCode !== undefined && error.statusCode < 500 ? error.statusCode : 400;
  const reason = error.code === "FST_ERR_BAD_URL" ? "malformed url" : "bad request";
  request.log.info({ url: redactUrl(request.url), code: error.code }, reason);
  void reply.code(status).type(PLAIN).send(reason);
}
