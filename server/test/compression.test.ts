import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import type { IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * Compression and caching as a browser meets them: the web app's files precompressed by the
 * build and picked by Accept-Encoding, large JSON answers compressed on the fly, the event
 * stream never, and the cache headers of each kind of file.
 */

let dir: { dir: string; remove(): Promise<void> };
let app: TestApp;

const INDEX = `<!doctype html><title>Wegmarke</title>${"<!-- padding -->".repeat(80)}`;
const BUNDLE = `console.log(${JSON.stringify("wegmarke ".repeat(400))});`;
const SMALL = "console.log('small')";
const SERVICE_WORKER = `self.addEventListener("fetch", () => {});${" ".repeat(2000)}`;

/** A build as web/compress-assets.ts leaves it: a .br and a .gz copy beside each text file from 1 KB up. */
async function writeBuilt(file: string, content: string): Promise<void> {
  await writeFile(file, content);
  if (content.length < 1024) return;
  await writeFile(`${file}.br`, brotliCompressSync(content));
  await writeFile(`${file}.gz`, gzipSync(content));
}

beforeAll(async () => {
  dir = await tempDir();
  const webDist = join(dir.dir, "dist");
  await mkdir(join(webDist, "assets"), { recursive: true });
  await writeBuilt(join(webDist, "index.html"), INDEX);
  await writeBuilt(join(webDist, "assets", "index-1a2b3c.js"), BUNDLE);
  await writeBuilt(join(webDist, "assets", "small-4d5e6f.js"), SMALL);
  await writeBuilt(join(webDist, "sw.js"), SERVICE_WORKER);
  app = await startApp({ dbFile: join(dir.dir, "db.sqlite"), config: { webDist } });
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

type Raw = { status: number; headers: IncomingHttpHeaders; body: Buffer };

/** A GET whose body arrives as sent, still compressed (fetch would decompress it). */
function get(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(`${app.url}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    })
      .on("error", reject)
      .end();
  });
}

/** The body as the client reads it after undoing Content-Encoding. */
function decoded({ headers, body }: Raw): string {
  const encoding = headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(body).toString();
  if (encoding === "gzip") return gunzipSync(body).toString();
  expect(encoding).toBeUndefined();
  return body.toString();
}

describe("the web app's files", () => {
  it("go out as brotli, gzip or as they are, by Accept-Encoding, and say that they vary by it", async () => {
    for (const [acceptEncoding, encoding] of [
      ["gzip, deflate, br", "br"],
      ["br;q=0.5, gzip", "gzip"],
      ["gzip", "gzip"],
      ["deflate", undefined],
      ["", undefined],
    ] as const) {
      const response = await get(
        "/webapp/assets/index-1a2b3c.js",
        acceptEncoding ? { "accept-encoding": acceptEncoding } : {},
      );
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers["content-encoding"], acceptEncoding).toBe(encoding);
      expect(response.headers["content-type"]).toMatch(
        /^text\/javascript|^application\/javascript/,
      );
      expect(response.headers.vary, acceptEncoding).toMatch(/accept-encoding/i);
      expect(decoded(response), acceptEncoding).toBe(BUNDLE);
      if (encoding) expect(response.body.length).toBeLessThan(BUNDLE.length / 5);
    }
  });

  it("send a file without compressed copies as it is, not compressed on the fly", async () => {
    const response = await get("/webapp/assets/small-4d5e6f.js", { "accept-encoding": "br, gzip" });
    expect(response.status).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString()).toBe(SMALL);
  });

  it("send index.html compressed too, for the app's root and for every app path", async () => {
    for (const path of ["/webapp/", "/webapp/station/1"]) {
      const response = await get(path, { "accept-encoding": "br, gzip" });
      expect(response.status, path).toBe(200);
      expect(response.headers["content-type"], path).toMatch(/^text\/html/);
      expect(response.headers["content-encoding"], path).toBe("br");
      expect(response.headers.vary, path).toMatch(/accept-encoding/i);
      expect(decoded(response), path).toBe(INDEX);
    }
  });
});

describe("caching", () => {
  const FOREVER = "public, max-age=31536000, immutable";

  it("keeps hashed bundles for good, in every encoding", async () => {
    for (const acceptEncoding of ["br", "gzip", "identity"]) {
      const response = await get("/webapp/assets/index-1a2b3c.js", {
        "accept-encoding": acceptEncoding,
      });
      expect(response.headers["cache-control"], acceptEncoding).toBe(FOREVER);
    }
  });

  it("revalidates index.html, config.json, the texts and the service worker on every use", async () => {
    for (const path of [
      "/webapp/",
      "/webapp/station/1",
      "/webapp/config.json",
      "/webapp/content/de.json",
      "/webapp/sw.js",
    ]) {
      const response = await get(path, { "accept-encoding": "br, gzip" });
      expect(response.status, path).toBe(200);
      expect(response.headers["cache-control"], path).toBe("no-cache");
    }
  });
});

describe("JSON answers", () => {
  it("are compressed from 1 KB up, by Accept-Encoding", async () => {
    const plain = await get("/webapp/content/de.json");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ["br", "gzip"]) {
      const response = await get("/webapp/content/de.json", { "accept-encoding": encoding });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(decoded(response)).toBe(plain.body.toString());
      expect(response.body.length).toBeLessThan(plain.body.length);
    }
  });

  it("of the API are compressed too, but not below 1 KB", async () => {
    const api = new Api(app.url);
    const small = await get("/api/dev/outbox", { "accept-encoding": "br, gzip" });
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["cache-control"]).toBe("no-store");
    // Codes to a dozen numbers: the outbox lists them all.
    for (let i = 10; i < 22; i++) await api.requestCode(`+49151123456${i}`);
    const plain = await get("/api/dev/outbox");
    expect(plain.body.length).toBeGreaterThan(1024);
    const large = await get("/api/dev/outbox", { "accept-encoding": "gzip" });
    expect(large.headers["content-encoding"]).toBe("gzip");
    expect(large.headers["cache-control"]).toBe("no-store");
    expect(decoded(large)).toBe(plain.body.toString());
  });

  it("that are small, like config.json, go out as they are", async () => {
    const response = await get("/webapp/config.json", { "accept-encoding": "br, gzip" });
    expect(response.body.length).toBeLessThan(1024);
    expect(response.headers["content-encoding"]).toBeUndefined();
  });
});

describe("the event stream", () => {
  it("is never compressed: each event arrives as it is written", async () => {
    const token = await new Api(app.url).optin();
    const body = await new Promise<{ headers: IncomingHttpHeaders; first: string }>(
      (resolve, reject) => {
        const call = request(
          `${app.url}/api/game/events?hash=${token}`,
          { headers: { "accept-encoding": "br, gzip, deflate" } },
          (response) => {
            // The opening status arrives readable as text while the stream stays open.
            let text = "";
            response.on("data", (chunk: Buffer) => {
              text += chunk.toString();
              if (!text.includes("event: playerstatus")) return;
              resolve({ headers: response.headers, first: text });
              call.destroy();
            });
          },
        );
        call.on("error", reject);
        call.end();
      },
    );
    expect(body.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
    expect(body.headers["content-encoding"]).toBeUndefined();
    expect(body.first).toContain("event: playerstatus");
  });
});
