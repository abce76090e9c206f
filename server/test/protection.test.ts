import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { featurePack } from "./support/feature-pack";
import { addGame } from "./support/games";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

let app: TestApp;
let api: Api;
let dir: { dir: string; remove(): Promise<void> };
const lines: string[] = [];

beforeAll(async () => {
  dir = await tempDir();
  app = await startApp({
    dbFile: `${dir.dir}/db.sqlite`,
    config: { corsOrigins: ["https://partner.example"], logLevel: "info" },
    logStream: { write: (line) => void lines.push(line) },
  });
  api = new Api(app.url);
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

const anon = JSON.stringify({ story_id: "marburg" });
const optin = (headers: Record<string, string>, body = anon) =>
  fetch(`${app.url}/api/account/player/optin/anon`, { method: "POST", headers, body });

describe("the API against other sites", () => {
  it("takes JSON only: a form post (which any site can make a browser send) gets 415", async () => {
    const form = await optin(
      { "content-type": "application/x-www-form-urlencoded" },
      "story_id=marburg",
    );
    expect([form.status, await form.text()]).toEqual([415, expect.stringMatching(/unsupported/i)]);
    const text = await optin({ "content-type": "text/plain" });
    expect(text.status).toBe(415);
    expect((await optin({ "content-type": "application/json" })).status).toBe(200);
  });

  it("refuses a changing call from another site's page, and takes the game's own", async () => {
    const foreign = await optin({
      "content-type": "application/json",
      origin: "https://evil.example",
    });
    expect([foreign.status, await foreign.text()]).toEqual([403, "cross-site request"]);
    const own = await optin({ "content-type": "application/json", origin: app.url });
    expect(own.status).toBe(200);
    const partner = await optin({
      "content-type": "application/json",
      origin: "https://partner.example",
    });
    expect(partner.status).toBe(200);
  });

  it("takes a token only as it was given: white space around it is no token", async () => {
    const hash = await api.optin();
    expect(await api.gameFailure("station/activate", { StationID: 1, Hash: ` ${hash}` })).toEqual([
      401,
      "invalid hash",
    ]);
    await api.game("station/activate", { StationID: 1, Hash: hash });
  });
});

describe("the security headers", () => {
  it("forbid inline script, eval and framing on the app and the API alike", async () => {
    for (const path of ["/webapp/", "/api/game/scoreboard", "/healthz"]) {
      const response = await fetch(`${app.url}${path}`);
      const csp = response.headers.get("content-security-policy") ?? "";
      // WebAssembly may compile (the QR reader), script may not be evaluated.
      expect(csp, path).toContain("script-src 'self' 'wasm-unsafe-eval';");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).not.toContain("upgrade-insecure-requests");
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("referrer-policy"), path).toBe("no-referrer");
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
    }
  });

  it("are another game's too, set once by its own server", async () => {
    const pack = await featurePack(dir.dir);
    await addGame({ dbFile: `${dir.dir}/db.sqlite` }, dir.dir, "zweite", pack.dir);
    const headers = async (path: string) => {
      const { headers } = await fetch(`${app.url}${path}`);
      return ["content-security-policy", "referrer-policy", "x-frame-options"].map((name) =>
        headers.get(name),
      );
    };
    expect(await headers("/g/zweite/webapp/")).toEqual(await headers("/webapp/"));
    expect(await headers("/g/zweite/api/game/scoreboard")).toEqual(
      await headers("/api/game/scoreboard"),
    );
  });

  it("let the console's studio show map tiles of any https host, and the app only the pack's", async () => {
    const csp = async (path: string) =>
      (await fetch(`${app.url}${path}`)).headers.get("content-security-policy") ?? "";
    expect(await csp("/ops/studio?map")).toContain("img-src 'self' data: blob: https:");
    expect(await csp("/webapp/")).toContain("img-src 'self' data: blob:");
    expect(await csp("/webapp/")).not.toContain("https:;");
    expect(await csp("/opsx")).not.toContain("https:;");
  });

  it("leave the document headers off the event stream, which keeps the rest", async () => {
    const hash = await api.optin();
    const controller = new AbortController();
    const response = await fetch(`${app.url}/api/game/events?hash=${hash}`, {
      signal: controller.signal,
    });
    try {
      expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toBeNull();
      expect(response.headers.get("x-frame-options")).toBeNull();
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    } finally {
      controller.abort();
    }
  });

  it("ask for HTTPS from then on when the game is served over it", async () => {
    const tls = await startApp({
      dbFile: `${dir.dir}/tls.sqlite`,
      config: { publicUrl: "https://play.example" },
    });
    try {
      const response = await fetch(`${tls.url}/healthz`);
      expect(response.headers.get("strict-transport-security")).toMatch(/^max-age=\d+/);
      expect(response.headers.get("content-security-policy")).toContain(
        "upgrade-insecure-requests",
      );
    } finally {
      await tls.close();
    }
  });
});

describe("a malformed URL", () => {
  it("gets a plain-text 400 and a log line, without the token in either", async () => {
    const response = await fetch(`${app.url}/api/game/events%E0?hash=secret-token`);
    expect([response.status, await response.text()]).toEqual([400, "malformed url"]);
    const logged = lines.find((line) => line.includes("malformed url")) ?? "";
    expect(logged).toContain("hash=[redacted]");
    expect(logged).not.toContain("secret-token");
  });
});
