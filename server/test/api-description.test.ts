import { subscribe, unsubscribe } from "node:diagnostics_channel";
import { Validator } from "@seriousme/openapi-schema-validator";
import type { FastifyInstance, RouteOptions } from "fastify";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DOCS_PREFIX, OPENAPI_PATH } from "../src/http/api-docs/api-docs";
import { startApp, teamPack, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The API description served at /api/openapi.json: valid OpenAPI 3, with every route the
 * server registers (each with a summary and a tag, and the schemas of the body, query and path
 * it reads), and no route the server does not have.
 */

type Operation = {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  parameters?: { in: string; name: string }[];
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

/** A route's key: its methods as Fastify registers them, its path as OpenAPI's. */
function routeKey(method: string | string[], url: string): string {
  return `${[method].flat().join(",")} ${url.replace(/:(\w+)/g, "{$1}")}`;
}

/** Routes that are no part of the API: the CORS preflight of every path, the docs page. */
const undescribed = (route: RouteOptions) =>
  route.url === "*" || route.url.startsWith(`${DOCS_PREFIX}/`) || route.url === DOCS_PREFIX;

let app: TestApp;
let remove: () => Promise<void>;
const routes: RouteOptions[] = [];
let document: Document;

beforeAll(async () => {
  const tmp = await tempDir();
  remove = tmp.remove;
  const onInstance = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook("onRoute", (route) => void routes.push(route));
  };
  subscribe("fastify.initialization", onInstance);
  try {
    app = await startApp({
      dbFile: `${tmp.dir}/db.sqlite`,
      pack: await teamPack(),
      config: { operatorToken: "docs-operator-token-".padEnd(40, "0") },
    });
  } finally {
    unsubscribe("fastify.initialization", onInstance);
  }
  const answer = await fetch(`${app.url}${OPENAPI_PATH}`);
  expect(answer.status).toBe(200);
  document = (await answer.json()) as Document;
});

afterAll(async () => {
  await app.close();
  await remove();
});

/** A schema of an object without fields (a query that must be empty). */
function emptyObject(schema: z.ZodType): boolean {
  return schema instanceof z.ZodObject && Object.keys(schema.shape).length === 0;
}

/** The registered routes the description must hold: Fastify's own HEAD of a GET is left out. */
function apiRoutes(): RouteOptions[] {
  const gets = new Set(routes.filter((r) => [r.method].flat().includes("GET")).map((r) => r.url));
  return routes.filter((r) => !undescribed(r) && !(r.method === "HEAD" && gets.has(r.url)));
}

/** The document's operations of a route, one per method (undefined where missing). */
function operations(route: RouteOptions): (Operation | undefined)[] {
  const path = routeKey([], route.url).trim().replace(/\*$/, "{path}");
  return [route.method].flat().map((method) => document.paths[path]?.[method.toLowerCase()]);
}

describe("the API description", () => {
  it("is valid OpenAPI 3", async () => {
    const result = await new Validator().validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(document.openapi).toMatch(/^3\./);
  });

  it("holds every registered route with a summary and a tag", () => {
    expect(apiRoutes().length).toBeGreaterThan(90);
    const missing = apiRoutes()
      .filter((route) => operations(route).some((op) => !op?.summary || !op.tags?.length))
      .map((route) => routeKey(route.method, route.url));
    expect(missing).toEqual([]);
  });

  it("leaves out what is no part of the API: the docs page's files, the CORS preflight", () => {
    const paths = Object.keys(document.paths);
    expect(paths.filter((path) => path.startsWith(`${DOCS_PREFIX}/`) || path === "*")).toEqual([]);
    expect(Object.keys(document.paths).length).toBeGreaterThan(80);
  });

  it("has the schemas of the body, query and path each route reads", () => {
    const lacking = apiRoutes().flatMap((route) => {
      const key = routeKey(route.method, route.url);
      const entry = route.config?.docs;
      const handler = String(route.handler);
      const gaps = (["body", "query", "params"] as const).filter(
        (part) => handler.includes(`request.${part}`) && entry?.[part] === undefined,
      );
      // And the document has them: a body as its requestBody, a query as parameters.
      const documented = operations(route).every(
        (op) =>
          (entry?.body === undefined || op?.requestBody !== undefined) &&
          (entry?.query === undefined ||
            emptyObject(entry.query) ||
            op?.parameters?.some((parameter) => parameter.in === "query")),
      );
      return gaps.length > 0 || !documented ? [`${key}: ${gaps.join(", ")}`] : [];
    });
    expect(lacking).toEqual([]);
  });

  it("is rendered for people at /api/docs/ from the server's own files, compressed", async () => {
    const page = await fetch(`${app.url}${DOCS_PREFIX}/`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    // Helmet's CSP allows no inline script: each is a file of this server.
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/src="\.\/static\/[\w.-]+\.js"/);
      expect(body?.trim()).toBe("");
    }
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const bundle = await fetch(`${app.url}${DOCS_PREFIX}/static/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get("content-encoding")).toMatch(/^(br|gzip)$/);
    expect((await bundle.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
