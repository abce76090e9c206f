import { createHash, randomUUID } from "node:crypto";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { extname, join } from "node:path";
import { resizedImage } from "@wegmarke/protocol";
import type { ImageWidth } from "@wegmarke/protocol";

/** Images made at most this often at once; more wait (sharp works on libuv's 4 threads). */
const AT_ONCE = 2;
/** Widths of originals remembered (a pack has a few hundred images at most). */
const REMEMBERED = 5000;

/**
 * A pack's photos in the smaller widths the app asks for (`?w=480`), made with sharp the first
 * time one is asked and kept in `<cacheDir>/sizes/`, named by the original's identity (path,
 * size, time of change) and the width: a new version's changed picture is another file. An
 * original no wider than the width, or one sharp cannot read, is sent itself.
 */
export class ImageSizes {
  private readonly dir: string;
  private readonly making = new Map<string, Promise<string>>();
  private readonly widths = new Map<string, number>();
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
    const { size, mtimeMs } = await stat(original);
    const key = createHash("sha256").update(`${original}\0${size}\0${mtimeMs}`).digest("hex");
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
      let known = this.widths.get(key);
      if (known === undefined) {
        known = (await sharp(original).metadata()).width ?? 0;
        if (this.widths.size >= REMEMBERED) this.widths.clear();
        this.widths.set(key, known);
      }
      if (known <= width) return original;
      const resized = sharp(original).resize({ width, withoutEnlargement: true });
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

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}
