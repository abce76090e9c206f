import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { ServiceError } from "../errors";
import { APP, CONSOLE, doc, REDIRECT } from "./api-docs/describe";
import type { RouteDoc } from "./api-docs/describe";

/** Vite puts content-hashed bundles here: a new build means new names, so cache for good. */
const HASHED_ASSETS = "/assets/";
const FOREVER = "public, max-age=31536000, immutable";

/** The query of a request URL with its "?", or "" without one. */
function queryOf(url: string): string {
  const start = url.indexOf("?");
  return start < 0 ? "" : url.slice(start);
}

/** A single-page app Vite built into `dist`, served under `prefix` (`/webapp`, `/ops`). */
type SinglePageApp = {
  prefix: string;
  dist: string;
  /** The 503's reason while `dist` has no index.html. */
  notBuilt: string;
  /** The API description of its page (`prefix/`) and of its files (`prefix/*`). */
  docs: { page: RouteDoc; files: RouteDoc };
};

/**
 * Serves a built app under `prefix/`: the build's files (a hashed bundle cached for good,
 * everything else `no-cache`, asked for again and answered 304 by its ETag), the brotli or gzip
 * copy the client accepts, and index.html for every other path, where the app's router decides
 * (its own 404 screen included). Before the build, 503 with the command that builds it.
 */
async function serveApp(app: FastifyInstance, { prefix, dist, notBuilt, docs }: SinglePageApp) {
  if (!existsSync(join(dist, "index.html"))) {
    const refuse = () => {
      throw new ServiceError(503, notBuilt);
    };
    app.get(`${prefix}/`, { config: { docs: docs.page } }, refuse);
    app.get(`${prefix}/*`, { config: { docs: docs.files } }, refuse);
    return;
  }

  await app.register(
    async (scope) => {
      scope.addHook("onRoute", (route) => {
        route.config = { ...route.config, docs: route.url.endsWith("*") ? docs.files : docs.page };
      });
      await scope.register(fastifyStatic, {
        root: dist,
        prefix: "/",
        cacheControl: false,
        // The build writes a brotli (.br) and a gzip (.gz) copy beside each text file of 1 KB
        // or more (web/compress-assets.ts); the client's Accept-Encoding picks one.
        preCompressed: true,
        setHeaders: (res, path) => {
          const hashed = path.startsWith(join(dist, HASHED_ASSETS));
          res.setHeader("cache-control", hashed ? FOREVER : "no-cache");
          res.setHeader("vary", "accept-encoding");
        },
      });
      scope.setNotFoundHandler((request, reply) => {
        // A missing bundle must fail as such, not arrive as HTML.
        if (
          request.url.startsWith(`${prefix}${HASHED_ASSETS}`) ||
          (request.method !== "GET" && request.method !== "HEAD")
        ) {
          throw new ServiceError(404, "not found");
        }
        return reply.header("cache-control", "no-cache").sendFile("index.html");
      });
    },
    { prefix },
  );
}

/** The built web app under `/webapp/`; every unknown app path gets index.html (the SPA's 404). */
export function staticRoutes(webDist: string): FastifyPluginAsync {
  return async (app) => {
    // The query goes along: account deletion ends at /?account-deleted=1 (spec 4). Relative,
    // so that another game's `/g/<name>/webapp` leads to its own app, as its host name's does.
    const toApp = (request: FastifyRequest, reply: FastifyReply) =>
      reply.redirect(`webapp/${queryOf(request.url)}`);
    app.get(
      "/",
      {
        config: {
          docs: doc("web app", "Redirect to the app", {
            description: REDIRECT,
            produces: "text/html",
          }),
        },
      },
      toApp,
    );
    app.get(
      "/webapp",
      {
        config: {
          docs: doc("web app", "Redirect to the app", {
            description: REDIRECT,
            produces: "text/html",
          }),
        },
      },
      toApp,
    );
    await serveApp(app, {
      prefix: "/webapp",
      dist: webDist,
      notBuilt: "web app not built: run npm run build",
      docs: {
        page: doc("web app", "The player app", { description: APP, produces: "text/html" }),
        files: doc("web app", "A file of the app's build, else the app", {
          description: `${APP} Hashed bundles under \`/webapp/assets/\` may be cached for a year.`,
          produces: "application/octet-stream",
        }),
      },
    });
  };
}

/**
 * The operators' console under `/ops/` (its own build, `console/dist`), served as the web app
 * is; its calls go to `/api/ops/`, which checks the operator.
 */
export function consoleRoutes(consoleDist: string): FastifyPluginAsync {
  return async (app) => {
    app.get(
      "/ops",
      { config: { docs: doc("web app", "Redirect to the console", { produces: "text/html" }) } },
      (request, reply) => reply.redirect(`/ops/${queryOf(request.url)}`),
    );
    await serveApp(app, {
      prefix: "/ops",
      dist: consoleDist,
      notBuilt: "operators' console not built: run npm run build",
      docs: {
        page: doc("web app", "The operators' console", {
          description: CONSOLE,
          produces: "text/html",
        }),
        files: doc("web app", "A file of the console's build, else the console", {
          description: CONSOLE,
          produces: "application/octet-stream",
        }),
      },
    });
  };
}
