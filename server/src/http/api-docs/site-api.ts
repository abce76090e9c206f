import * as p from "@wegmarke/protocol";
import { z } from "zod";
import { doc } from "./describe";
import type { RouteDoc } from "./describe";

const APP = "The app's page; every unknown path below it gets the app, which shows its 404 screen.";
const CONSOLE = "The operators' console (`console/dist`); every unknown path below it gets it.";
const REDIRECT = "A redirect, query and all, to the app under `/webapp/`.";

/** The path below a route's prefix (Fastify's `*`). */
const wildcard = z.object({ path: z.string() });

/** The apps, the pack's public files and the service routes, by method and route. */
export const siteApi: Record<string, RouteDoc> = {
  ["GET /"]: doc("web app", "Redirect to the app", {
    description: REDIRECT,
    produces: "text/html",
  }),
  ["GET /webapp"]: doc("web app", "Redirect to the app", {
    description: REDIRECT,
    produces: "text/html",
  }),
  ["GET /webapp/"]: doc("web app", "The player app", { description: APP, produces: "text/html" }),
  ["GET /webapp/*"]: doc("web app", "A file of the app's build, else the app", {
    description: `${APP} Hashed bundles under \`/webapp/assets/\` may be cached for a year.`,
    produces: "application/octet-stream",
  }),
  ["GET /ops"]: doc("web app", "Redirect to the console", { produces: "text/html" }),
  ["GET /ops/"]: doc("web app", "The operators' console", {
    description: CONSOLE,
    produces: "text/html",
  }),
  ["GET /ops/*"]: doc("web app", "A file of the console's build, else the console", {
    description: CONSOLE,
    produces: "application/octet-stream",
  }),
  ["GET /webapp/config.json"]: doc("web app", "What the app needs before sign-in", {
    response: p.webAppConfigSchema,
  }),
  ["GET /webapp/manifest.webmanifest"]: doc("web app", "The game's web manifest", {
    produces: "application/manifest+json",
  }),
  ["GET /webapp/app-icons/{name}"]: doc("web app", "The pack's app icon in one size", {
    params: z.object({ name: z.string() }),
    produces: "image/png",
  }),
  ["GET /webapp/content/{lang}.json"]: doc("web app", "The station texts in one language", {
    params: z.object({ lang: p.languageSchema }),
    response: p.publicContentSchema,
  }),
  ["GET /assets/webapp-data/*"]: doc("web app", "A medium of the content pack", {
    description: "A photo also 480 or 960 pixels wide (`?w=`); cached an hour.",
    query: p.mediaSizeQuery,
    params: wildcard,
    produces: "application/octet-stream",
  }),
  ["GET,POST,PUT,PATCH,DELETE /preview/{id}/*"]: doc("studio", "The studio's preview", {
    description:
      "The player app and its calls below `/preview/<id>/`, answered by the draft's game.",
    params: z.object({ id: z.string(), path: z.string() }),
    produces: "application/octet-stream",
  }),
  ["GET /healthz"]: doc("service", "Liveness", { produces: "text/plain" }),
  ["GET /readyz"]: doc("service", "Readiness: the database answers and writes, content loaded", {
    produces: "text/plain",
  }),
  ["GET /metrics"]: doc("service", "Prometheus metrics, for the addresses of METRICS_ALLOW", {
    produces: "text/plain",
  }),
  ["GET /api/dev/outbox"]: doc("service", "The SMS sent so far (SMS_PROVIDER=outbox only)", {
    response: p.outboxResponse,
  }),
  ["GET /api/openapi.json"]: doc(
    "service",
    "This description (OpenAPI 3), rendered at /api/docs/",
    {
      produces: "application/json",
    },
  ),
};
