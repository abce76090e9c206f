import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, readdir, stat, utimes, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { opsPreviewOutcome } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { Api } from "./support/api";
import { opsCall } from "./support/ops-client";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * The pack cache's folders of work (packs/work-folders.ts): what a killed server left goes at
 * the next start, a server's previews go when it stops, and a start beside a running server
 * takes only what is surely stale.
 */

const TOKEN = "work-folders-token-".padEnd(48, "w");

type Server = { url: string; child: ChildProcess; exited: Promise<number | null> };

/** The server as it runs for real (src/main.ts, through tsx), on `dataDir`, listening. */
async function startServer(dataDir: string): Promise<Server> {
  const child = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: resolve(repoRoot, "server"),
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      DATABASE_URL: `file:${join(dataDir, "game.sqlite")}`,
      PORT: "0",
      HOST: "127.0.0.1",
      OPERATOR_TOKEN: TOKEN,
      LOG_FORMAT: "json",
      SCRIPT_WORKERS: "0",
      SMS_PROVIDER: "outbox",
      GEOCODER_URL: "off",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  if (!child.stdout) throw new Error("no output of the server");
  const lines = createInterface({ input: child.stdout });
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error("the server did not start in 30 s")), 30_000);
    lines.on("line", (line) => {
      const port = /at http:\/\/localhost:(\d+)\/webapp\//.exec(line)?.[1];
      if (port === undefined) return;
      clearTimeout(timer);
      done(`http://127.0.0.1:${port}`);
    });
    void exited.then(() => fail(new Error("the server ended")));
  });
  return { url, child, exited };
}

/** A preview of the draft on `server`, with a player of its own; the preview's id. */
async function openPreview(server: { url: string }): Promise<string> {
  const answer = await opsCall(server, TOKEN, "POST", "/pack/draft/preview", { desk: true });
  expect(answer.status, answer.text).toBe(200);
  const outcome = opsPreviewOutcome.parse(answer.json);
  if (!outcome.ok) throw new Error("the preview was refused");
  const base = outcome.path.replace(/\/webapp\/$/, "");
  await new Api(`${server.url}${base}`).optin();
  return base.slice("/preview/".length);
}

/** The in-process app on its own database, with the pack cache `cacheDir`. */
async function startBeside(dataDir: string, cacheDir: string): Promise<TestApp> {
  const app = await startApp({
    dbFile: join(dataDir, `${randomUUID()}.sqlite`),
    config: { operatorToken: TOKEN, packCacheDir: cacheDir },
  });
  // A live version of the pack, which a draft starts from.
  expect((await opsCall(app, TOKEN, "POST", "/content/reload", {})).status).toBe(200);
  return app;
}

/** A folder of work with a file in it, last changed `ageMs` ago. */
async function leftover(dir: string, ageMs = 0): Promise<string> {
  await mkdir(join(dir, "stations"), { recursive: true });
  await writeFile(join(dir, "game.yaml"), "id: marburg\n");
  const when = new Date(Date.now() - ageMs);
  for (const entry of [join(dir, "stations"), join(dir, "game.yaml"), dir]) {
    await utimes(entry, when, when);
  }
  return dir;
}

const HOURS_2 = 2 * 60 * 60_000;

// A real server starts in seconds, more on a busy machine.
describe("the pack cache's folders of work", { timeout: 90_000 }, () => {
  let data: { dir: string; remove(): Promise<void> };
  let cache: string;
  const running: { close(): Promise<void> }[] = [];
  const list = (kind: string) => readdir(join(cache, kind)).catch(() => []);
  const close = async (app: TestApp) => {
    running.splice(running.indexOf(app), 1);
    await app.close();
  };

  beforeEach(async () => {
    data = await tempDir();
    cache = join(data.dir, "packs");
  });
  afterEach(async () => {
    for (const app of running.splice(0)) await app.close();
    await data.remove();
  });

  it("a graceful stop (SIGTERM) removes the preview's folder with its players", async () => {
    const server = await startServer(data.dir);
    running.push({ close: async () => void server.child.kill("SIGKILL") });
    const id = await openPreview(server);
    expect(await list("previews")).toEqual([id]);
    expect((await stat(join(cache, "previews", id, "data", "game.sqlite"))).size).toBeGreaterThan(
      0,
    );

    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(await list("previews")).toEqual([]);
    expect(await list("instances")).toEqual([]);
  });

  it("a start removes what a killed server left, and beside a running one only what is stale", async () => {
    const server = await startServer(data.dir);
    running.push({ close: async () => void server.child.kill("SIGKILL") });
    const preview = await openPreview(server);
    // An import's trial and a publish's folder, as the running server could be writing them.
    const importing = await leftover(join(cache, "imports", randomUUID()));
    const publishing = await leftover(join(cache, "drafts", randomUUID()));
    // What no running server would still use: a publish's folder of two hours ago, a preview of
    // a server whose record is gone.
    await leftover(join(cache, "drafts", randomUUID()), HOURS_2);
    const orphan = await leftover(join(cache, "previews", "gone-preview-id1"));
    await writeFile(join(orphan, ".instance"), randomUUID());

    // Another server starts on the same cache while this one runs: it takes only the stale.
    const beside = await startBeside(data.dir, cache);
    running.push(beside);
    expect(await list("previews")).toEqual([preview]);
    expect(await list("imports")).toEqual([importing.split("/").pop()]);
    expect(await list("drafts")).toEqual([publishing.split("/").pop()]);
    await close(beside);
    expect(await list("previews")).toEqual([preview]);

    // Killed mid-work (kill -9): the next start removes its preview, import and publish.
    server.child.kill("SIGKILL");
    await server.exited;
    const next = await startBeside(data.dir, cache);
    running.push(next);
    expect(await list("previews")).toEqual([]);
    expect(await list("imports")).toEqual([]);
    expect(await list("drafts")).toEqual([]);
    expect(await list("instances")).toHaveLength(1);

    // Its own preview goes when it closes.
    const own = await openPreview(next);
    expect(await list("previews")).toEqual([own]);
    await close(next);
    expect(await list("previews")).toEqual([]);
    expect(await list("instances")).toEqual([]);
  });
});
