import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "../errors";
import { consoleRoutes, staticRoutes } from "./static";

const BUNDLE = "assets/index-Ab12Cd34.js";
const bundle = `console.log(${JSON.stringify("x".repeat(2000))});\n`;

let webDist: string;
let consoleDist: string;
let app: FastifyInstance;

/** A Fastify app with the server's way of answering a ServiceError. */
async function appWith(...plugins: ReturnType<typeof staticRoutes>[]): Promise<FastifyInstance> {
  const instance = Fastify();
  instance.setErrorHandler((error, _request, reply) =>
    error instanceof ServiceError
      ? reply.code(error.status).type("text/plain").send(error.reason)
      : reply.send(error),
  );
  for (const plugin of plugins) await instance.register(plugin);
  await instance.ready();
  return instance;
}

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), "wegmarke-static-"));
  await writeFile(join(webDist, "index.html"), "<!doctype html><title>Wegmarke</title>");
  // A console build as Vite writes it: index.html, a hashed bundle with its compressed copies.
  consoleDist = await mkdtemp(join(tmpdir(), "wegmarke-console-"));
  await writeFile(join(consoleDist, "index.html"), "<!doctype html><title>Console</title>");
  await writeFile(join(consoleDist, "icon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  await mkdir(join(consoleDist, "assets"));
  await writeFile(join(consoleDist, BUNDLE), bundle);
  await writeFile(join(consoleDist, `${BUNDLE}.br`), brotliCompressSync(bundle));
  await writeFile(join(consoleDist, `${BUNDLE}.gz`), gzipSync(bundle));
  app = await appWith(staticRoutes(webDist), consoleRoutes(consoleDist));
});

afterAll(async () => {
  await app.close();
  await rm(webDist, { recursive: true, force: true });
  await rm(consoleDist, { recursive: true, force: true });
});

/** Where a browser at `url` arrives with the redirect's `location`: its path and query. */
function arrival(url: string, location: unknown): string {
  const target = new URL(String(location), `http://wegmarke.example${url}`);
  return `${target.origin === "http://wegmarke.example" ? "" : target.origin}${target.pathname}${target.search}`;
}

describe("the way into the app", () => {
  it("redirects / and /webapp to /webapp/ and keeps the query (/?account-deleted=1)", async () => {
    for (const [url, location] of [
      ["/", "/webapp/"],
      ["/webapp", "/webapp/"],
      ["/?account-deleted=1", "/webapp/?account-deleted=1"],
      ["/webapp?tjr=ABC&x=%20", "/webapp/?tjr=ABC&x=%20"],
    ] as const) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(arrival(url, response.headers.location), url).toBe(location);
    }
  });

  it("keeps the redirect on the app's own path, whatever the query says", async () => {
    const response = await app.inject({ method: "GET", url: "/?//evil.example/" });
    expect(response.headers.location).toBe("webapp/?//evil.example/");
    expect(arrival("/?//evil.example/", response.headers.location)).toBe(
      "/webapp/?//evil.example/",
    );
  });
});

describe("the operators' console at /ops/", () => {
  it("redirects /ops to /ops/, query and all", async () => {
    for (const [url, location] of [
      ["/ops", "/ops/"],
      ["/ops?x=1", "/ops/?x=1"],
    ] as const) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(302);
      expect(response.headers.location, url).toBe(location);
    }
  });

  it("answers its own index.html, not the web app's, for every path of the console", async () => {
    for (const url of ["/ops/", "/ops/players", "/ops/news/", "/ops/no/such/page?q=1"]) {
      const response = await app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"], url).toMatch(/^text\/html/);
      expect(response.body, url).toContain("<title>Console</title>");
      expect(response.headers["cache-control"], url).toBe("no-cache");
    }
    const web = await app.inject({ method: "GET", url: "/webapp/" });
    expect(web.body).toContain("<title>Wegmarke</title>");
  });

  it("caches hashed bundles for good and the rest of the build not at all", async () => {
    const hashed = await app.inject({ method: "GET", url: `/ops/${BUNDLE}` });
    expect(hashed.statusCode).toBe(200);
    expect(hashed.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const icon = await app.inject({ method: "GET", url: "/ops/icon.svg" });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers["cache-control"]).toBe("no-cache");
  });

  it("sends the precompressed copy the client accepts", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const response = await app.inject({
        method: "GET",
        url: `/ops/${BUNDLE}`,
        headers: { "accept-encoding": accept },
      });
      expect(response.headers["content-encoding"], accept).toBe(encoding);
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(response.rawPayload.length, accept).toBeLessThan(bundle.length / 4);
    }
    const plain = await app.inject({ method: "GET", url: `/ops/${BUNDLE}` });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it("fails a missing bundle and any other method as 404, never with the page", async () => {
    const missing = await app.inject({ method: "GET", url: "/ops/assets/index-gone.js" });
    expect(missing.statusCode).toBe(404);
    const post = await app.inject({ method: "POST", url: "/ops/players", payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it("answers 503 with the reason while the console is not built", async () => {
    const empty = await mkdtemp(join(tmpdir(), "wegmarke-no-console-"));
    const bare = await appWith(consoleRoutes(empty));
    try {
      for (const url of ["/ops/", "/ops/audit"]) {
        const response = await bare.inject({ method: "GET", url });
        expect(response.statusCode, url).toBe(503);
        expect(response.body, url).toBe("operators' console not built: run npm run build");
      }
      expect((await bare.inject({ method: "GET", url: "/ops" })).headers.location).toBe("/ops/");
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
