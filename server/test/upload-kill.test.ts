import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Api } from "./support/api";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { tempDir } from "./support/test-app";

const MAIN = resolve(fileURLToPath(new URL("../src/main.ts", import.meta.url)));
/** The longest a start may take (the TypeScript sources through tsx). */
const START_MS = 30_000;

let dir: { dir: string; remove(): Promise<void> };
let packDir: string;
let port: number;
let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((done) => probe.listen(0, "127.0.0.1", done));
  const { port: free } = probe.address() as { port: number };
  await new Promise((done) => probe.close(done));
  return free;
}

/** The server as a process of its own on the test's data directory, once it answers. */
async function start(): Promise<void> {
  const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: join(dir.dir, "data"),
      CONTENT_DIR: packDir,
      LOG_LEVEL: "error",
      GEOCODER_URL: "off",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  server = child;
  const deadline = Date.now() + START_MS;
  while (Date.now() < deadline) {
    const up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return;
    if (child.exitCode !== null) throw new Error(`the server ended with ${child.exitCode}`);
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`the server did not answer within ${START_MS} ms`);
}

async function kill(signal: NodeJS.Signals): Promise<void> {
  const child = server;
  server = undefined;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill(signal);
  await exited;
}

beforeAll(async () => {
  dir = await tempDir();
  packDir = (await missionPack(dir.dir)).dir;
  port = await freePort();
});

afterAll(async () => {
  await kill("SIGTERM");
  await dir.remove();
});

describe("an upload across a killed server process", () => {
  it("goes on where its bytes stopped after SIGKILL and a new start", async () => {
    await start();
    const url = `http://127.0.0.1:${port}`;
    const api = new Api(url);
    const hash = await api.optin();
    await api.game("station/activate", { StationID: 11, Hash: hash });
    const uploads = new Uploads(url, hash);
    const photo = await phonePhoto();
    const created = await uploads.create(photo.byteLength, { station: "11", kind: "photo" });
    expect(created.status, created.text).toBe(201);
    const location = created.location ?? "";
    const half = Math.floor(photo.byteLength / 2);
    expect((await uploads.send(location, photo.subarray(0, half), 0)).offset).toBe(half);

    await kill("SIGKILL");
    await start();
    expect(await uploads.offset(location)).toEqual({ status: 200, offset: half });
    const rest = await uploads.send(location, photo.subarray(half), half);
    expect(rest.status, rest.text).toBe(204);
    expect(rest.submission).toBeGreaterThan(0);
  }, 90_000);
});
