import { mkdir, readdir, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { submissionsResponse } from "@wegmarke/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { AccountLimits } from "../src/security/limits";
import { Api } from "./support/api";
import { missionPack, phonePhoto, Uploads } from "./support/missions";
import { until } from "./support/ops-client";
import { startS3 } from "./support/s3";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";
import type { Config } from "../src/config";

const MB = 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

describe("uploads under way", () => {
  let dir: { dir: string; remove(): Promise<void> };
  let uploadDir: string;
  const apps: TestApp[] = [];

  beforeEach(async () => {
    dir = await tempDir();
    uploadDir = join(dir.dir, "uploads");
  });

  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
    await dir.remove();
  });

  /** The app on the test's SQLite file and upload folder: a second one is a restart. */
  async function start(options: { limits?: Partial<AccountLimits>; config?: Partial<Config> }) {
    const app = await startApp({
      dbFile: join(dir.dir, "db.sqlite"),
      pack: await missionPack(dir.dir),
      ...options,
    });
    apps.push(app);
    return app;
  }

  /** A new player at `stationId`, its mission asked for. */
  async function atMission(app: TestApp, stationId: number) {
    const api = new Api(app.url);
    const hash = await api.optin();
    const events = await api.events(hash);
    await api.game("station/activate", { StationID: stationId, Hash: hash });
    await events.until("mission-expected");
    events.close();
    return { hash, uploads: new Uploads(app.url, hash) };
  }

  async function gallery(app: TestApp, hash: string) {
    const response = await fetch(`${app.url}/api/game/submissions?hash=${hash}`);
    return submissionsResponse.parse(await response.json()).value;
  }

  /** The uploads in the folder (the keeper's file aside). */
  async function folder(): Promise<string[]> {
    const names = await readdir(uploadDir);
    return names.filter((name) => name !== "keeper").sort();
  }

  const photoMeta = { station: "11", kind: "photo" };
  const videoMeta = { station: "13", kind: "video" };

  it("keeps a player to three unfinished uploads and twice the largest file, an address to its cap", async () => {
    const app = await start({ limits: { openUploadsPerIp: 5 } });
    const { hash, uploads } = await atMission(app, 11);
    const open: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await uploads.create(2 * MB, photoMeta);
      expect(created.status, created.text).toBe(201);
      open.push(created.location ?? "");
    }
    const fourth = await uploads.create(2 * MB, photoMeta);
    expect([fourth.status, fourth.text]).toEqual([429, "too many uploads"]);
    // A deleted upload leaves the count: another may start.
    const deleted = await fetch(open[0] ?? "", {
      method: "DELETE",
      headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${hash}` },
    });
    expect(deleted.status).toBe(204);
    expect((await uploads.create(2 * MB, photoMeta)).status).toBe(201);

    // Two videos of 150 MB declared fill a player's bytes.
    const video = await atMission(app, 13);
    expect((await video.uploads.create(150 * MB, videoMeta)).status).toBe(201);
    expect((await video.uploads.create(150 * MB, videoMeta)).status).toBe(201);
    const past = await video.uploads.create(1, videoMeta);
    expect([past.status, past.text]).toEqual([429, "too many uploads"]);

    // Five unfinished from this address in all: a third player's first is one too many.
    const third = await atMission(app, 11);
    const crowded = await third.uploads.create(1000, photoMeta);
    expect([crowded.status, crowded.text]).toEqual([429, "too many uploads"]);
    expect(await folder()).toHaveLength(2 * 5);
  });

  it("refuses an upload the disk has no room for, saying only to try again", async () => {
    const app = await start({ limits: { uploadDiskReserveBytes: Number.MAX_SAFE_INTEGER } });
    const { uploads } = await atMission(app, 11);
    const created = await uploads.create(1000, photoMeta);
    expect([created.status, created.text]).toEqual([503, "try again in a moment"]);
  });

  it("removes expired uploads at start, and pieces a crash left without their record", async () => {
    await mkdir(uploadDir, { recursive: true });
    const id = (n: number) => `${"a".repeat(16)}_${String(n).repeat(32)}`;
    const old = new Date(Date.now() - 2 * DAY);
    const record = (created: Date) =>
      JSON.stringify({ id: "x", size: 10, offset: 0, creation_date: created.toISOString() });
    // An abandoned upload; pieces without a record; a record cut short by a full disk.
    await writeFile(join(uploadDir, id(1)), "12345");
    await writeFile(join(uploadDir, `${id(1)}.json`), record(old));
    await writeFile(join(uploadDir, id(2)), "12345");
    await writeFile(join(uploadDir, `${id(3)}.json`), '{"id":');
    for (const name of [id(2), `${id(3)}.json`]) await utimes(join(uploadDir, name), old, old);
    // One of today stays.
    await writeFile(join(uploadDir, id(4)), "12345");
    await writeFile(join(uploadDir, `${id(4)}.json`), record(new Date()));
    await start({});
    expect(await folder()).toEqual([id(4), `${id(4)}.json`]);
  });

  it("removes an upload not finished in time while the server runs, and its player may start anew", async () => {
    const app = await start({ limits: { uploadExpiryMs: 1000, uploadSweepMs: 100 } });
    const { uploads } = await atMission(app, 11);
    const photo = await phonePhoto();
    const started = [];
    for (let i = 0; i < 3; i++) started.push(await uploads.create(photo.byteLength, photoMeta));
    const half = Math.floor(photo.byteLength / 2);
    await uploads.send(started[0]?.location ?? "", photo.subarray(0, half), 0);
    await until(async () => (await folder()).length === 0, 5000);
    expect((await uploads.offset(started[0]?.location ?? "")).status).toBe(404);
    const again = await uploads.upload(photo, photoMeta);
    expect(again.status, again.text).toBe(204);
  });

  it("goes on with an upload after a restart of the server", async () => {
    const first = await start({});
    const { hash, uploads } = await atMission(first, 11);
    const photo = await phonePhoto();
    const created = await uploads.create(photo.byteLength, photoMeta);
    const half = Math.floor(photo.byteLength / 2);
    expect((await uploads.send(created.location ?? "", photo.subarray(0, half), 0)).offset).toBe(
      half,
    );
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await start({});
    const path = new URL(created.location ?? "").pathname;
    const here = new Uploads(second.url, hash);
    expect(await here.offset(`${second.url}${path}`)).toEqual({ status: 200, offset: half });
    const last = await here.send(`${second.url}${path}`, photo.subarray(half), half);
    expect(last.status, last.text).toBe(204);
    expect((await gallery(second, hash)).map((s) => s.ID)).toEqual([last.submission]);
    expect(await folder()).toEqual([]);
  });

  it("answers a fault while finishing with 503, no address in it, and finishes on the next try", async () => {
    // A blob store that does not answer: its address is all the driver's message would say.
    const gone = await startS3();
    await gone.stop();
    const broken = await start({ config: { s3: gone.settings } });
    const { hash, uploads } = await atMission(broken, 11);
    const photo = await phonePhoto();
    const created = await uploads.create(photo.byteLength, photoMeta);
    const failed = await uploads.send(created.location ?? "", photo, 0);
    expect([failed.status, failed.text]).toEqual([503, "try again in a moment"]);
    // The whole upload is kept; a resuming client's HEAD tries again, and is told to wait.
    expect((await uploads.offset(created.location ?? "")).status).toBe(423);
    expect(await folder()).toHaveLength(2);
    await broken.close();
    apps.splice(apps.indexOf(broken), 1);

    const s3 = await startS3();
    try {
      const mended = await start({ config: { s3: s3.settings } });
      const path = new URL(created.location ?? "").pathname;
      const resumed = await fetch(`${mended.url}${path}`, {
        method: "HEAD",
        headers: { "tus-resumable": "1.0.0", authorization: `Bearer ${hash}` },
      });
      expect(resumed.status).toBe(200);
      expect(resumed.headers.get("upload-offset")).toBe(String(photo.byteLength));
      const id = Number(resumed.headers.get("wegmarke-submission"));
      expect((await gallery(mended, hash)).map((s) => s.ID)).toEqual([id]);
      expect(await folder()).toEqual([]);
    } finally {
      for (const app of apps.splice(0)) await app.close();
      await s3.stop();
    }
  });

  it("refuses further finishes for one mission at once while the first is checked", async () => {
    const app = await start({});
    const { uploads } = await atMission(app, 11);
    // Three files that are no photo: each one the server checks answers 415.
    const junk = Buffer.from("not a photo, only words ".repeat(400));
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await uploads.create(junk.byteLength, photoMeta);
      expect(created.status, created.text).toBe(201);
      const location = created.location ?? "";
      await uploads.send(location, junk.subarray(0, junk.byteLength - 1), 0);
      locations.push(location);
    }
    const last = junk.subarray(junk.byteLength - 1);
    const answers = await Promise.all(
      locations.map((location) => uploads.send(location, last, junk.byteLength - 1)),
    );
    const said = answers.map((answer) => `${answer.status} ${answer.text}`).sort();
    expect(said).toEqual([
      "409 submission waiting",
      "409 submission waiting",
      "415 unsupported file",
    ]);
    expect(await folder()).toEqual([]);
  });
});
