import { link, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ImageSizes } from "./image-sizes";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "wegmarke-sizes-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A photo-like JPEG (noise does not compress away) of `width` × `height` in the test's folder. */
async function photo(name: string, width: number, height: number): Promise<string> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919) % 251;
  const file = join(dir, name);
  await writeFile(
    file,
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  return file;
}

describe("a pack's photos in smaller widths", () => {
  it("makes the width once, keeps it, and sends it in its own format", async () => {
    const original = await photo("markt.jpg", 1600, 1200);
    const sizes = new ImageSizes(join(dir, "cache"));
    // Asked for at once by many phones: made once.
    const files = await Promise.all(Array.from({ length: 5 }, () => sizes.file(original, 480)));
    expect(new Set(files).size).toBe(1);
    const [file = ""] = files;
    expect(file).toMatch(/cache\/sizes\/[0-9a-f]{40}-480\.jpg$/);
    expect(await sharp(file).metadata()).toMatchObject({ width: 480, height: 360, format: "jpeg" });
    expect(await readdir(join(dir, "cache", "sizes"))).toHaveLength(1);
    // Another server process on the same cache finds it without making it again.
    expect(await new ImageSizes(join(dir, "cache")).file(original, 480)).toBe(file);
    // The same picture in another version's folder (a hard link to one blob) shares it.
    const linked = join(dir, "version-2-markt.jpg");
    await link(original, linked);
    expect(await sizes.file(linked, 480)).toBe(file);
    const wider = await sizes.file(original, 960);
    expect((await sharp(wider).metadata()).width).toBe(960);
  });

  it("turns a photo upright by its EXIF orientation: its size as shown, and its smaller width", async () => {
    // A phone's portrait photo: stored 1600 × 1200, to be shown turned a quarter (orientation 6).
    const stored = await photo("hochkant-roh.jpg", 1600, 1200);
    const original = join(dir, "hochkant.jpg");
    await writeFile(original, await sharp(stored).withMetadata({ orientation: 6 }).toBuffer());
    const sizes = new ImageSizes(join(dir, "cache"));
    expect(await sizes.dimensions(original)).toEqual([1200, 1600]);
    expect(await sizes.dimensions(stored)).toEqual([1600, 1200]);
    const smaller = await sharp(await sizes.file(original, 480)).metadata();
    expect([smaller.width, smaller.height, smaller.orientation]).toEqual([480, 640, undefined]);
    const broken = join(dir, "kaputt.jpg");
    await writeFile(broken, Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]));
    expect(await sizes.dimensions(broken)).toBeNull();
    expect(await sizes.dimensions(join(dir, "fehlt.jpg"))).toBeNull();
  });

  it("sends the original where it is no wider, is no photo, or cannot be read", async () => {
    const sizes = new ImageSizes(join(dir, "cache"));
    const small = await photo("klein.jpg", 400, 300);
    expect(await sizes.file(small, 480)).toBe(small);
    const drawing = join(dir, "karte.svg");
    await writeFile(drawing, '<svg xmlns="http://www.w3.org/2000/svg" width="2000"/>');
    expect(await sizes.file(drawing, 480)).toBe(drawing);
    const broken = join(dir, "kaputt.jpg");
    await writeFile(broken, Buffer.from([0xff, 0xd8, 0xff, 0x00, 0x01]));
    expect(await sizes.file(broken, 480)).toBe(broken);
  });

  it("sends the original where the smaller width would not be smaller in bytes", async () => {
    // A drawing of two colours compresses better at full size than resized and smoothed.
    const file = join(dir, "plan.png");
    await writeFile(
      file,
      await sharp({
        create: { width: 1600, height: 1000, channels: 3, background: "#f1e7da" },
      })
        .png({ palette: true, colours: 2 })
        .toBuffer(),
    );
    const sizes = new ImageSizes(join(dir, "cache"));
    expect(await sizes.file(file, 480)).toBe(file);
    expect(await sizes.file(file, 480)).toBe(file);
    expect(await readdir(join(dir, "cache", "sizes")).catch(() => [])).toEqual([]);
  });
});
