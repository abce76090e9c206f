import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ServiceError } from "../errors";
import { PhotoProcess } from "./photo-process";
import type { PhotoMaker } from "./photo-process";
import { Receiving } from "./receiving";

let dir: string;
let photoProcess: PhotoProcess;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "receiving-"));
  photoProcess = new PhotoProcess();
});
afterAll(async () => {
  await photoProcess.close();
  await rm(dir, { recursive: true, force: true });
});

async function photo(name: string): Promise<string> {
  const file = join(dir, `${name}.jpg`);
  const bytes = await sharp({
    create: { width: 1200, height: 900, channels: 3, background: "#48c" },
  })
    .jpeg()
    .toBuffer();
  await writeFile(file, bytes);
  return file;
}

describe("Receiving", () => {
  it("hands the photo process one photo of a player at a time, so another's goes in between", async () => {
    const receiving = new Receiving();
    // The photo process itself, its calls written down as they reach it.
    const reached: string[] = [];
    const logged: PhotoMaker = {
      make: (file) => {
        reached.push(file.slice(dir.length + 1, -".jpg".length));
        return photoProcess.make(file);
      },
    };
    const [a1, a2, b1] = await Promise.all([photo("a1"), photo("a2"), photo("b1")]);
    const made = await Promise.all([
      receiving.photosOf(1, logged).make(a1),
      receiving.photosOf(1, logged).make(a2),
      receiving.photosOf(2, logged).make(b1),
    ]);
    expect(made.every((kept) => kept !== undefined)).toBe(true);
    expect(reached).toEqual(["a1", "b1", "a2"]);
  });

  it("refuses a second submission for one mission at once while the first is made", async () => {
    const receiving = new Receiving();
    let finishFirst = () => {};
    const first = receiving.alone(
      "player:1 11",
      () => new Promise<void>((done) => (finishFirst = done)),
    );
    const second = receiving.alone("player:1 11", () => Promise.resolve());
    await expect(second).rejects.toEqual(new ServiceError(409, "submission waiting"));
    // Another mission, or another player's, goes on.
    await receiving.alone("player:1 12", () => Promise.resolve());
    await receiving.alone("player:2 11", () => Promise.resolve());
    finishFirst();
    await first;
    await receiving.alone("player:1 11", () => Promise.resolve());
  });
});
