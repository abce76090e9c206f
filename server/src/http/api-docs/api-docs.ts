import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import serverPackage from "../../../package.json";
import { compressAnswers } from "../compression";
import type { OpsRouteRole } from "../ops/roles";
import { apiTags, doc, routeSchema } from "./describe";

/** Where the description is served, and the page that renders it. */
export const OPENAPI_PATH = "/api/openapi.json";
export const DOCS_PREFIX = "/api/docs";

function roleNote(role: OpsRouteRole | undefined): string | undefined {
  if (role === undefined) return undefined;
  if (role === "viewer") return "Any signed-in operator.";
  return `The role ${[role].flat().join(" or ")}.`;
}

const overview = [
  'Success bodies are JSON (the player API\'s `{ "value": … }`); a refusal carries the',
  "spec's status code and a short plain-text reason; a rate limit answers 429 with",
  "`Retry-After`. Players send their token as `Hash` in the body (`hash` in a GET's query);",
  "operators a session cookie (`POST /api/ops/session`) or `Authorization: Bearer` with",
  "OPERATOR_TOKEN. The schemas are the protocol's zod schemas the routes parse with.",
].join(" ");

/**
 * The API description (decisions/051): @fastify/swagger collects every route as it is
 * registered; the document is made from what each route states where it is declared
 * (`config: { docs: doc(…) }`) when it is first asked for (not at start-up) and served as JSON at `OPENAPI_PATH`, rendered by Swagger UI at
 * `DOCS_PREFIX` from the package's own files. Registered before any route.
 */
export async function registerApiDocs(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: "3.0.3",
      info: { title: "Wegmarke API", version: serverPackage.version, description: overview },
      tags: [...apiTags],
    },
    // A route that states no description stays out (the docs page's own files, CORS preflight).
    transform: ({ url, route }) => {
      const entry = route.config?.docs;
      if (entry === undefined) return { schema: { hide: true }, url };
      return {
        schema: routeSchema(entry, roleNote(route.config?.role)),
        url: url.replace(/\*$/, "{path}"),
      };
    },
  });
  // The document (125 KB) and the page's bundle (1.4 MB) go compressed, as the API's JSON does.
  await app.register(async (docs) => {
    await compressAnswers(docs);
    docs.get(
      OPENAPI_PATH,
      {
        config: {
          docs: doc("service", "This description (OpenAPI 3), rendered at /api/docs/", {
            produces: "application/json",
          }),
        },
      },
      async () => app.swagger(),
    );
    await docs.register(fastifySwaggerUi, {
      routePrefix: DOCS_PREFIX,
      uiConfig: { docExpansion: "none", deepLinking: true, defaultModelsExpandDepth: 0 },
      theme: { title: "Wegmarke API" },
    });
  });
}
