import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { unzipSync, zipSync } from "fflate";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { opsDraftSaveOutcome, opsPackImportOutcome } from "@wegmarke/protocol";
import { launchBrowser } from "../support/browser";
import { joinForFree } from "../support/play";
import { startCaddy, startNginx, type ProxyPorts, type RunningProxy } from "../support/proxies";
import { freePort, repoRoot, startServer, type RunningServer } from "../support/server";

/**
 * The server behind Debian's nginx and Caddy with the files of deploy/, as docs/operations.md
 * installs them. An anonymous player's token (`?hash=`, their whole account) travels in the
 * query of the event stream and the scoreboard; no log of the proxy may keep it, not even when
 * the server is gone (a restart) and the proxy logs the calls it could not pass on. The studio's
 * uploads, a picture of several MB and a zipped pack, pass through both to the server.
 */

const TEAM_CODE = "ABCD2345";
const OPERATOR_TOKEN = "reverse-proxy-e2e-operator-token-".padEnd(40, "t");
const MB = 1024 * 1024;

/** A proxy in front of a fresh server, and a phone whose browser plays through it. */
function behind(
  start: (dir: string, ports: ProxyPorts) => Promise<RunningProxy>,
  scheme: "http" | "https",
) {
  const setup = {} as {
    dir: string;
    server: RunningServer;
    proxy: RunningProxy;
    browser: Browser;
    page: Page;
  };
  beforeAll(async () => {
    setup.dir = await mkdtemp(join(tmpdir(), "wegmarke-proxy-"));
    const ports = { http: await freePort(), https: await freePort() };
    const origin = `${scheme}://127.0.0.1:${scheme === "https" ? ports.https : ports.http}`;
    setup.server = await startServer({
      PUBLIC_URL: origin,
      TRUST_PROXY: "127.0.0.1",
      OPERATOR_TOKEN,
    });
    const upstream = Number(new URL(setup.server.url).port);
    setup.proxy = await start(setup.dir, { ...ports, upstream });
    setup.browser = await launchBrowser();
    const context = await setup.browser.newContext({
      baseURL: setup.proxy.url,
      ignoreHTTPSErrors: true,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      locale: "de-DE",
    });
    setup.page = await context.newPage();
  });
  afterAll(async () => {
    await setup.browser?.close();
    await setup.proxy?.stop();
    await setup.server?.stop();
    if (setup.dir) await rm(setup.dir, { recursive: true, force: true });
  });
  return setup;
}

/** Waits until one of the proxy's logs matches `pattern`. */
async function logged(proxy: RunningProxy, pattern: RegExp): Promise<void> {
  await expect
    .poll(async () => Object.values(await proxy.logs()).some((log) => pattern.test(log)))
    .toBe(true);
}

/**
 * Plays through the proxy: joins for free and opens the scoreboard (both calls carry the token
 * in the query), then stops the server, which ends the event stream, and asks for the stream
 * once more, which the proxy cannot pass on. Answers the tokens the app sent.
 */
async function play(page: Page, server: RunningServer, proxy: RunningProxy): Promise<string[]> {
  const tokens = new Set<string>();
  page.on("request", (request) => {
    const hash = new URL(request.url()).searchParams.get("hash");
    if (hash) tokens.add(hash);
  });
  await joinForFree(page, "/webapp/scoreboard");
  await page.getByRole("heading", { name: "Rangliste" }).waitFor();
  await logged(proxy, /\/api\/game\/scoreboard/);
  await server.stop();
  await logged(proxy, /\/api\/game\/events/);
  const [token] = tokens;
  expect(token).toMatch(/^\S{20,}$/);
  const refused = await page.request.get(`/api/game/events?hash=${token}`);
  expect(refused.status()).toBeGreaterThanOrEqual(502);
  return [...tokens];
}

/** No log holds a secret of a query, nor a query with one. */
function expectNoSecrets(logs: Record<string, string>, secrets: string[]): void {
  for (const [name, text] of Object.entries(logs)) {
    for (const secret of secrets) {
      expect(text.includes(secret), `${name} holds ${secret}`).toBe(false);
    }
    expect(text, name).not.toMatch(/[?&](hash|tjr|token)=/);
  }
}

/** A PNG of noise, `width` × `height`: it stays about as large as its pixels (3 bytes each). */
function noisePng(width: number, height: number): Promise<Buffer> {
  const raw = { width, height, channels: 3 as const };
  return sharp(randomBytes(width * height * 3), { raw })
    .png()
    .toBuffer();
}

/**
 * Sends `bytes` as the console does: with fetch from a page of the game's origin, through the
 * proxy (over HTTP/2 where it speaks it), the operator's token along. Answers the status and
 * the body's text.
 */
async function sendFromPage(
  page: Page,
  call: { method: "PUT" | "POST"; path: string; type: string },
  bytes: Buffer,
): Promise<{ status: number; text: string }> {
  await page.goto("/readyz");
  return page.evaluate(
    async ({ method, path, type, data, token }) => {
      const body = Uint8Array.from(atob(data), (char) => char.charCodeAt(0));
      const headers = { "content-type": type, authorization: `Bearer ${token}` };
      const response = await fetch(path, { method, headers, body });
      return { status: response.status, text: await response.text() };
    },
    { ...call, data: bytes.toString("base64"), token: OPERATOR_TOKEN },
  );
}

/** A GET of the operators' API straight from the server, not through the proxy. */
async function fromServer(server: RunningServer, path: string): Promise<Buffer> {
  const answer = await fetch(`${server.url}${path}`, {
    headers: { authorization: `Bearer ${OPERATOR_TOKEN}` },
  });
  expect(answer.status, path).toBe(200);
  return Buffer.from(await answer.arrayBuffer());
}

/** The studio's uploads through the proxy: run before a test that stops the server. */
function studioUploads(setup: { server: RunningServer; page: Page }): void {
  it("takes a picture of 3 MB into the studio's draft", async () => {
    const { page, server } = setup;
    const picture = await noisePng(1100, 1000);
    expect(picture.length).toBeGreaterThan(3 * MB);
    const path = "stations/8-weidenhaeuser-bruecke/nachtbild.png";
    const query = new URLSearchParams({ path });
    const sent = await sendFromPage(
      page,
      { method: "PUT", path: `/api/ops/pack/draft/media?${query}`, type: "image/png" },
      picture,
    );
    expect(sent.status, sent.text).toBe(200);
    const outcome = opsDraftSaveOutcome.parse(JSON.parse(sent.text));
    expect(outcome).toMatchObject({ ok: true, file: { path, size: picture.length } });
    const kept = await fromServer(server, `/api/ops/pack/draft/media?${query}`);
    expect(kept.equals(picture)).toBe(true);
  });

  it("imports a zipped pack of several MB as a new version", async () => {
    const { page, server } = setup;
    const files = unzipSync(await fromServer(server, "/api/ops/pack/versions/1/zip"));
    const picture = await noisePng(1000, 1000);
    const path = "marburg-1/stations/8-weidenhaeuser-bruecke/frosch.png";
    expect(files[path]).toBeDefined();
    files[path] = new Uint8Array(picture);
    const zip = Buffer.from(zipSync(files));
    expect(zip.length).toBeGreaterThan(3 * MB);
    const sent = await sendFromPage(
      page,
      { method: "POST", path: "/api/ops/pack/import", type: "application/zip" },
      zip,
    );
    expect(sent.status, sent.text).toBe(200);
    const outcome = opsPackImportOutcome.parse(JSON.parse(sent.text));
    if (!outcome.ok) throw new Error(JSON.stringify(outcome.problems));
    expect(outcome.version.id).toBe(2);
    const stored = unzipSync(await fromServer(server, "/api/ops/pack/versions/2/zip"));
    const frog = stored["marburg-2/stations/8-weidenhaeuser-bruecke/frosch.png"];
    expect(frog && Buffer.from(frog).equals(picture)).toBe(true);
  });

  it("takes a picture of 3 MB into the draft of another game, below /g/<name>/", async () => {
    const { page, server } = setup;
    const data = await mkdtemp(join(tmpdir(), "wegmarke-e2e-game-"));
    try {
      await promisify(execFile)(
        process.execPath,
        [
          join(repoRoot, "server/dist/game-admin.js"),
          "add",
          "hafen",
          join(repoRoot, "content/demo"),
        ],
        { env: { ...process.env, ...server.env, DATA_DIR: data } },
      );
    } finally {
      await rm(data, { recursive: true, force: true });
    }
    const picture = await noisePng(1100, 1000);
    const query = new URLSearchParams({ path: "stations/1-marktplatz/hafen.png" });
    const sent = await sendFromPage(
      page,
      { method: "PUT", path: `/g/hafen/api/ops/pack/draft/media?${query}`, type: "image/png" },
      picture,
    );
    expect(sent.status, sent.text).toBe(200);
    const kept = await fromServer(server, `/g/hafen/api/ops/pack/draft/media?${query}`);
    expect(kept.equals(picture)).toBe(true);
  });
}

describe("behind nginx", () => {
  const setup = behind(startNginx, "https");
  studioUploads(setup);

  it("logs a player's calls by their path, never with the token of the query", async () => {
    const { page, server, proxy } = setup;
    // The server for HTTP only redirects, and logs that.
    const redirect = await fetch(`${proxy.httpUrl}/webapp/team?tjr=${TEAM_CODE}`, {
      redirect: "manual",
    });
    expect(redirect.status).toBe(301);
    const tokens = await play(page, server, proxy);

    const logs = await proxy.logs();
    expectNoSecrets(logs, [...tokens, TEAM_CODE]);
    // The site's own log has every call, by its path.
    const site = logs["wegmarke.access.log"];
    expect(site).toMatch(/"GET \/webapp\/team HTTP\/1\.1" 301 /);
    expect(site).toMatch(/"GET \/api\/game\/scoreboard HTTP\/2\.0" 200 /);
    expect(site).toMatch(/"GET \/api\/game\/events HTTP\/2\.0" 200 /);
    expect(site).toMatch(/"GET \/api\/game\/events HTTP\/1\.1" 502 /);
  });
});

describe("behind Caddy", () => {
  const setup = behind(startCaddy, "http");
  studioUploads(setup);

  it("logs a failed call, and with the Caddyfile's access log every call, without the token", async () => {
    const { page, server, proxy } = setup;
    const tokens = await play(page, server, proxy);

    const logs = await proxy.logs();
    expectNoSecrets(logs, tokens);
    // Caddy's own log names the call it could not pass on; the access log every call.
    expect(logs.stderr).toMatch(/"uri":"\/api\/game\/events"/);
    const access = logs["wegmarke.access.log"];
    expect(access).toMatch(/"uri":"\/api\/game\/scoreboard"/);
    expect(access).toMatch(/"uri":"\/api\/game\/events(\?lasteventid=\d+)?","[^\n]*"status":200/);
  });
});
