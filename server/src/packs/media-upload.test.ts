import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "../config";
import { MEDIA_LIMITS, mediaRefusal } from "./media-upload";

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
