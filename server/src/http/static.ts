import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../errors";

/** Vite puts content-hashed bundles here: a new build means new names, so cache for good. */
const HASHED_ASSETS = "/assets/";
const FOREVER = "public, max-age=31536000, immutable";

/** The query of a request URL with its "?", or "" without one. */
function queryOf(url: string): string {
  const start = url.indexOf("?");
  return start < 0 ? "" : url.slice(start);
}

/** The built web app under `/webapp/`; every unknown app path gets index.html (the SPA's 404). */
export function staticRoutes(webDist: string): FastifyPluginAsync {
  return async (app) => {
    // The query goes along: account deletion ends at /?account-deleted=1 (spec 4).
    const toApp = (request: FastifyRequest, reply: FastifyReply) =>
      reply.redirect(`/webapp/${queryOf(request.url)}`);
    app.get("/", toApp);
    app.get("/webapp", toApp);

    if (!existsSync(join(webDist, "index.html"))) {
      const notBuilt = () => {
        throw new ServiceError(503, "web app not built: run npm run build");
      };
      app.get("/webapp/", notBuilt);
      app.get("/webapp/*", notBuilt);
      return;
    }

    await app.register(
      async (webapp) => {
        await webapp.register(fastifyStatic, {
          root: webDist,
          prefix: "/",
          cacheControl: false,
          // The build writes a brotli (.br) and a gzip (.gz) copy beside each text file of 1 KB
          // or more (web/compress-assets.ts); the client's Accept-Encoding picks one.
          preCompressed: true,
          setHeaders: (res, path) => {
            const hashed = path.startsWith(join(webDist, HASHED_ASSETS));
            res.setHeader("cache-control", hashed ? FOREVER : "no-cache");
            res.setHeader("vary", "accept-encoding");
          },
        });
        webapp.setNotFoundHandler((request, reply) => {
          // A missing bundle must fail as such, not arrive as HTML.
          if (
            request.url.startsWith(`/webapp${HASHED_ASSETS}`) ||
            (request.method !== "GET" && request.method !== "HEAD")
          ) {
            throw new ServiceError(404, "not found");
          }
          return reply.header("cache-control", "no-cache").sendFile("index.html");
        });
      },
      { prefix: "/webapp" },
    );
  };
}
