import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync } from "fastify";
import { ServiceError } from "../errors";

/** Vite puts content-hashed bundles here: a new build means new names, so cache for good. */
const HASHED_ASSETS = "/assets/";
const FOREVER = "public, max-age=31536000, immutable";

/** The built web app under `/webapp/`; every unknown app path gets index.html (the SPA's 404). */
export function staticRoutes(webDist: string): FastifyPluginAsync {
  return async (app) => {
    app.get("/", (_request, reply) => reply.redirect("/webapp/"));
    app.get("/webapp", (_request, reply) => reply.redirect("/webapp/"));

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
          setHeaders: (res, path) => {
            const hashed = path.startsWith(join(webDist, HASHED_ASSETS));
            res.setHeader("cache-control", hashed ? FOREVER : "no-cache");
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
