import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { resizedImage } from "@wegmarke/protocol";
import type { ImageWidth } from "@wegmarke/protocol";

/** Images made at most this often at once; more wait (sharp works on libuv's 4 threads). */
const AT_ONCE = 2;
/** Sizes of originals remembered (a pack has a few hundred images at most). */
const REMEMBERED = 5000;

/**
 * A pack's photos in the smaller widths the app asks for (`?w=480`), made with sharp the first
 * time one is asked and kept in `<cacheDir>/sizes/`, named by the original's identity (inode,
 * size, time of change) and the width: a new version's changed picture is another file, an
 * unchanged one keeps its widths. An original no wider than the width, or one sharp cannot read,
 * is sent itself.
 */
export class ImageSizes {
  private readonly dir: string;
  private readonly making = new Map<string, Promise<string>>();
  /** Width and height as shown (turned upright by the photo's EXIF orientation), by identity. */
  private readonly known = new Map<string, Promise<Dimensions | null>>();
  /** Sizes that came out no smaller than their original (a drawing of few colours). */
  private readonly notSmaller = new Set<string>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(cacheDir: string) {
    this.dir = join(cacheDir, "sizes");
  }

  /** The file to send for `original` (a real path in the pack) at `width`. */
  async file(original: string, width: ImageWidth): Promise<string> {
    if (!resizedImage.test(original)) return original;
    const { size, key } = await identity(original);
    const target = join(this.dir, `${key.slice(0, 40)}-${width}${extname(original).toLowerCase()}`);
    if (this.notSmaller.has(target)) return original;
    if (await exists(target)) return target;
    const made = this.making.get(target);
    if (made) return made;
    const making = this.make(original, size, key, width, target).finally(() =>
      this.making.delete(target),
    );
    this.making.set(target, making);
    return making;
  }

  private async make(original: string, size: number, key: string, width: number, target: string) {
    await this.turn();
    try {
      const { default: sharp } = await import("sharp");
      const [known = 0] = (await this.dimensionsOf(original, key)) ?? [];
      if (known <= width) return original;
      // Upright first: the smaller file keeps no EXIF orientation to turn it by.
      const resized = sharp(original).rotate().resize({ width, withoutEnlargement: true });
      const extension = extname(original).toLowerCase();
      const bytes = await (
        extension === ".png"
          ? resized.png({ compressionLevel: 9 })
          : extension === ".webp"
            ? resized.webp({ quality: 78 })
            : extension === ".avif"
              ? resized.avif({ quality: 55 })
              : resized.jpeg({ quality: 78, mozjpeg: true })
      ).toBuffer();
      if (bytes.length >= size) {
        if (this.notSmaller.size >= REMEMBERED) this.notSmaller.clear();
        this.notSmaller.add(target);
        return original;
      }
      // Written whole, then renamed: another instance or request never reads half a file.
      await mkdir(this.dir, { recursive: true });
      const partial = `${target}.${randomUUID()}.part`;
      await writeFile(partial, bytes);
      await rename(partial, target).catch(async (error: unknown) => {
        await rm(partial, { force: true });
        throw error;
      });
      return target;
    } catch {
      return original; // An image sharp cannot read goes as it is, as before.
    } finally {
      this.done();
    }
  }

  /**
   * The width and height a browser shows `file` (a real path in the pack) in, turned upright
   * by its EXIF orientation; null for a file sharp cannot read.
   */
  async dimensions(file: string): Promise<Dimensions | null> {
    const found = await identity(file).catch(() => null);
    return found === null ? null : this.dimensionsOf(file, found.key);
  }

  private dimensionsOf(file: string, key: string): Promise<Dimensions | null> {
    const remembered = this.known.get(key);
    if (remembered) return remembered;
    const reading = readDimensions(file);
    if (this.known.size >= REMEMBERED) this.known.clear();
    this.known.set(key, reading);
    return reading;
  }

  private async turn(): Promise<void> {
    if (this.running < AT_ONCE) {
      this.running++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private done(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}

/** Pixels across and down. */
export type Dimensions = [width: number, height: number];

/**
 * A file's size and a key of its device, inode, size and time of change: another content is
 * another key, while the versions of a pack that hold the same picture (hard links to one blob,
 * packs/pack-library.ts) share its smaller widths.
 */
async function identity(file: string): Promise<{ size: number; key: string }> {
  const { dev, ino, size, mtimeMs } = await stat(file);
  const key = createHash("sha256").update(`${dev}\0${ino}\0${size}\0${mtimeMs}`).digest("hex");
  return { size, key };
}

async function readDimensions(file: string): Promise<Dimensions | null> {
  try {
    const { default: sharp } = await import("sharp");
    const { width, height, orientation = 1 } = await sharp(file).metadata();
    if (width === undefined || height === undefined) return null;
    // Orientations 5 to 8 turn the picture by a quarter.
    return orientation >= 5 ? [height, width] : [width, height];
  } catch {
    return null;
  }
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
