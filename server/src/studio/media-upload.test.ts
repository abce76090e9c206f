import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../config";
import sharp from "sharp";
import { IMAGE_SIDE, MEDIA_LIMITS, fitMedia, mediaRefusal } from "./media-upload";

const demo = (file: string) => readFile(resolve(repoRoot, "content/demo", file));

describe("a medium the studio takes", () => {
  it("takes the pack's images, audio and film when their bytes are what their name says", async () => {
    expect(mediaRefusal("intro/neu.png", await demo("intro/1.png"))).toBeUndefined();
    expect(mediaRefusal("map/karte.svg", await demo("map/oberstadt.svg"))).toBeUndefined();
    const mp3 = await demo("stories/1-zwei-studenten/erzaehlung.mp3");
    expect(mediaRefusal("stories/1-zwei-studenten/neu.MP3", mp3)).toBeUndefined();
    const mp4 = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from("ftypisom"),
      Buffer.alloc(64),
    ]);
    expect(mediaRefusal("stations/1-marktplatz/film.mp4", mp4)).toBeUndefined();
  });

  it("refuses a renamed file, a type the app cannot show and a file too large, saying why", async () => {
    expect(mediaRefusal("intro/neu.jpg", await demo("intro/1.png"))).toEqual({
      status: 415,
      reason: "the file's content is not jpg: was it renamed?",
    });
    expect(mediaRefusal("intro/neu.png", Buffer.from("VAR points = 0"))).toMatchObject({
      status: 415,
    });
    expect(mediaRefusal("intro/neu.bmp", Buffer.from("BM"))).toMatchObject({
      status: 415,
      reason: expect.stringContaining("mp3, mp4 and webm") as string,
    });
    const huge = Buffer.alloc(MEDIA_LIMITS.image + 1);
    expect(mediaRefusal("intro/riesig.png", huge)).toEqual({
      status: 413,
      reason: "an image may have at most 20 MB; this one has 20.0 MB",
    });
  });
});

describe("an uploaded image as the pack keeps it", () => {
  it("is no larger than the app shows it, and a photo loses its metadata", async () => {
    const photo = await sharp({
      create: { width: 3000, height: 2000, channels: 3, background: "#c2562f" },
    })
      .jpeg()
      .withExif({ IFD0: { Copyright: "Wegmarke", Software: "Kamera" } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const fitted = await fitMedia("stations/1-marktplatz/foto.jpg", photo);
    const meta = await sharp(fitted).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([IMAGE_SIDE, 1067, "jpeg"]);
    expect(meta.exif).toBeUndefined();
    expect(fitted.length).toBeLessThan(photo.length);
  });

  it("keeps a small picture, a drawing and every other medium as they are", async () => {
    const png = await demo("intro/1.png");
    expect(Math.max((await sharp(png).metadata()).width ?? 0)).toBeLessThanOrEqual(IMAGE_SIDE);
    expect(await fitMedia("intro/neu.png", png)).toBe(png);
    const svg = await demo("map/oberstadt.svg");
    expect(await fitMedia("map/karte.svg", svg)).toBe(svg);
    const mp3 = await demo("stories/1-zwei-studenten/erzaehlung.mp3");
    expect(await fitMedia("stories/1-zwei-studenten/neu.mp3", mp3)).toBe(mp3);
  });

  it("refuses a picture that cannot be read", async () => {
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]);
    await expect(fitMedia("intro/kaputt.jpg", broken)).rejects.toThrow();
  });
});
