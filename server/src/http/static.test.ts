import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Fastify from "fastify";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staticRoutes } from "./static";

let webDist: string;
let app: FastifyInstance;

beforeAll(async () => {
  webDist = await mkdtemp(join(tmpdir(), "wegmarke-static-"));
  await writeFile(join(webDist, "index.html"), "<!doctype html><title>Wegmarke</title>");
  app = Fastify();
  await app.register(staticRoutes(webDist));
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await rm(webDist, { recursive: true, force: true });
});

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
      expect(response.headers.location, url).toBe(location);
    }
  });

  it("keeps the redirect on the app's own path, whatever the query says", async () => {
    const response = await app.inject({ method: "GET", url: "/?//evil.example/" });
    expect(response.headers.location).toBe("/webapp/?//evil.example/");
  });
});
