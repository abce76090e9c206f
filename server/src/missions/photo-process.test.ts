import { readdirSync, readFileSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PhotoProcess } from "./photo-process";

let dir: string;
let photos: PhotoProcess;
const errors: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "photo-process-"));
});
afterAll(() => rm(dir, { recursive: true, force: true }));
afterEach(async () => {
  await photos.close();
  errors.length = 0;
});

/** A camera's photo, larger than what is kept, lying on its side, with the place it was taken. */
async function cameraPhoto(): Promise<string> {
  const file = join(dir, "camera.jpg");
  const bytes = await sharp({
    create: { width: 2400, height: 1800, channels: 3, background: "#48c" },
  })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "50/1 48/1 0/1" } })
    .toBuffer();
  await writeFile(file, bytes);
  return file;
}

/** The processes this one started, by their ids (Linux). */
async function children(): Promise<number[]> {
  const ids: number[] = [];
  for (const task of await readdir("/proc/self/task")) {
    const list = await readFile(`/proc/self/task/${task}/children`, "utf8").catch(() => "");
    ids.push(...list.split(" ").filter(Boolean).map(Number));
  }
  return ids;
}

/** The nice value of each thread of process `pid`: field 19 of its tasks' `stat`. */
async function niceValues(pid: number): Promise<number[]> {
  const values: number[] = [];
  for (const task of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${task}/stat`, "utf8");
    values.push(Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]));
  }
  return values;
}

/**
 * Kills process `pid` and returns once it is dead, without giving the event loop a turn: the
 * parent has not yet heard of its end (Linux; up to 5 s). Dead is a zombie whose threads have
 * all ended (its files, the channel's end among them, close with the last one).
 */
function killNow(pid: number): void {
  process.kill(pid, "SIGKILL");
  const until = Date.now() + 5_000;
  while (Date.now() < until) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const zombie = stat.slice(stat.lastIndexOf(")") + 2).startsWith("Z");
    if (zombie && readdirSync(`/proc/${pid}/task`).length === 1) return;
  }
  throw new Error(`process ${pid} did not die`);
}

/** The one error a photo gets, whenever its process dies: no file's path in it. */
const ENDED = "the photo process ended (SIGKILL) before the photo was made";

describe("the photos' process", () => {
  it("makes an upright copy of 1,600 pixels without EXIF and a 480-pixel thumbnail", async () => {
    photos = new PhotoProcess({ onError: (message) => errors.push(message) });
    const made = await photos.make(await cameraPhoto());
    expect(made).toBeDefined();
    const photo = await sharp(made?.photo).metadata();
    expect([photo.format, photo.width, photo.height, photo.exif]).toEqual([
      "jpeg",
      1200,
      1600,
      undefined,
    ]);
    const thumb = await sharp(made?.thumb).metadata();
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["jpeg", 360, 480]);
    expect(errors).toEqual([]);
  });

  it("refuses a file that is no picture, and one whose pixels do not read", async () => {
    photos = new PhotoProcess();
    const text = join(dir, "page.jpg");
    await writeFile(text, "<html><script>alert(1)</script></html>");
    expect(await photos.make(text)).toBeUndefined();
    const cut = join(dir, "cut.jpg");
    await writeFile(cut, (await readFile(await cameraPhoto())).subarray(0, 4000));
    expect(await photos.make(cut)).toBeUndefined();
  });

  it.runIf(process.platform === "linux")(
    "runs at a lower priority than the server, and starts anew after a crash",
    async () => {
      photos = new PhotoProcess({ onError: (message) => errors.push(message) });
      const file = await cameraPhoto();
      await photos.make(file);
      const [pid] = await children();
      expect(pid).toBeDefined();
      const nice = await niceValues(pid ?? 0);
      expect(nice.length).toBeGreaterThan(1);
      expect(new Set(nice)).toEqual(new Set([10]));

      // The process dies while it makes a photo: that photo fails, the next one is made.
      const making = photos.make(file);
      process.kill(pid ?? 0, "SIGKILL");
      await expect(making).rejects.toThrow(ENDED);
      expect(errors).toEqual([ENDED]);
      expect(await photos.make(file)).toBeDefined();
      const [next] = await children();
      expect(next).not.toBe(pid);

      await photos.close();
      expect(await children()).toEqual([]);
    },
  );

  it.runIf(process.platform === "linux")(
    "fails a photo handed to a process that died a moment before with the same one error",
    async () => {
      photos = new PhotoProcess({ onError: (message) => errors.push(message) });
      const file = await cameraPhoto();
      await photos.make(file);
      const [pid] = await children();
      // Dead, but not yet known to be: the photo's message meets a closed channel (EPIPE).
      killNow(pid ?? 0);
      await expect(photos.make(file)).rejects.toThrow(ENDED);
      expect(errors).toEqual([ENDED]);
      expect(await photos.make(file)).toBeDefined();
    },
  );
});
