import { cp, mkdir, symlink, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "../src/config";
import { checkContentPack, loadContentPack } from "../src/content/loader";
import { startApp, tempDir } from "./support/test-app";
import type { TestApp } from "./support/test-app";

/**
 * A pack's media are served without sign-in, so only the pack's own media may go out: not a
 * symbolic link that leaves the pack (to the server's secret, to `/`), not a path with `..`,
 * not an editor's backup of a script or a yaml file. `content:check` and the reload refuse a
 * pack with a link that leaves it.
 */

const STATION = "stations/3-elisabethkirche";
const SECRET = "the server's secret key, 256 random bits";

let dir: Awaited<ReturnType<typeof tempDir>>;
let pack: string;
let outside: string;
let app: TestApp;

/** The status and body of a path, sent as written (no `..` resolved on the way). */
function get(path: string): Promise<[number, string]> {
  const { hostname, port } = new URL(app.url);
  return new Promise((done, fail) => {
    const sent = request({ host: hostname, port, path }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString("latin1")));
      response.on("end", () => done([response.statusCode ?? 0, body]));
    });
    sent.on("error", fail);
    sent.end();
  });
}

beforeAll(async () => {
  dir = await tempDir();
  pack = join(dir.dir, "pack");
  outside = join(dir.dir, "data");
  await cp(resolve(repoRoot, "content/demo"), pack, { recursive: true });
  await mkdir(outside);
  await writeFile(join(outside, "secret.key"), SECRET);
  await writeFile(join(outside, "photo.jpg"), SECRET);
  // A clean pack loads; what follows is added while the server runs, as files may be.
  app = await startApp({ dbFile: join(dir.dir, "db.sqlite"), pack: await loadContentPack(pack) });
  const station = join(pack, STATION);
  await symlink(join(outside, "secret.key"), join(station, "secret.jpg"));
  await symlink(outside, join(station, "data"));
  await symlink("/", join(station, "root"));
  await symlink("script.de.ink", join(station, "answers.jpg"));
  await symlink("elisabethkirche.jpg", join(station, "kirche.jpg"));
  await writeFile(join(station, "script.de.ink~"), "Die Antwort ist Rose.");
  await writeFile(join(station, "station.yaml.bak"), "name: geheim");
  await writeFile(join(station, "notes.txt"), "Die Antwort ist Rose.");
});

afterAll(async () => {
  await app.close();
  await dir.remove();
});

describe("the pack's media", () => {
  it("are served, through a link that stays in the pack too", async () => {
    const [status, body] = await get("/assets/webapp-data/stations/3/elisabethkirche.jpg");
    expect(status).toBe(200);
    expect(await get("/assets/webapp-data/stations/3/kirche.jpg")).toEqual([status, body]);
  });

  it("never through a link that leaves the pack", async () => {
    for (const path of [
      "stations/3/secret.jpg",
      "stations/3/data/photo.jpg",
      "stations/3/root/etc/hostname",
      `stations/3/root${outside}/photo.jpg`,
    ]) {
      const [status, body] = await get(`/assets/webapp-data/${path}`);
      expect([path, status, body]).toEqual([path, 404, "not found"]);
    }
  });

  it("never a script or yaml file, a backup or any file that is no image, mp3 or video", async () => {
    for (const file of [
      "answers.jpg",
      "script.de.ink",
      "script.de.ink~",
      "station.yaml",
      "station.yaml.bak",
      "notes.txt",
    ]) {
      const [status, body] = await get(`/assets/webapp-data/stations/3/${file}`);
      expect([file, status, body]).toEqual([file, 404, "not found"]);
    }
  });

  it("never a path with ..", async () => {
    for (const path of [
      "stations/3/../../game.yaml",
      "stations/3/..%2f..%2fgame.yaml",
      "stations/3/%2e%2e/%2e%2e/game.yaml",
      "stations/3/%2e%2e/3-elisabethkirche/elisabethkirche.jpg",
      "points/..%2f..%2fdata%2fphoto.jpg",
      "map/%2e%2e%2f%2e%2e%2fdata/photo.jpg",
    ]) {
      const [status] = await get(`/assets/webapp-data/${path}`);
      expect([path, status]).toEqual([path, 404]);
    }
  });
});

describe("a pack with a link that leaves it", () => {
  it("is refused by the check, naming the link, and by the reload", async () => {
    const { errors } = await checkContentPack(pack);
    expect(errors).toEqual(
      expect.arrayContaining([
        { file: `${STATION}/secret.jpg`, message: `link leaves the pack: ${outside}/secret.key` },
        { file: `${STATION}/data`, message: `link leaves the pack: ${outside}` },
        { file: `${STATION}/root`, message: "link leaves the pack: /" },
      ]),
    );
    // Links within the pack are no problem.
    expect(errors.filter((e) => /answers|kirche\.jpg/.test(e.file))).toEqual([]);
    const reload = await app.reloadContent();
    expect(reload.ok).toBe(false);
    expect(JSON.stringify(reload)).toContain("link leaves the pack");
    // The old pack stays, and with it the media.
    expect((await get("/assets/webapp-data/stations/3/elisabethkirche.jpg"))[0]).toBe(200);
  });
});
