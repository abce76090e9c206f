import { readdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { mediaType } from "@wegmarke/protocol";
import sharp from "sharp";

/** The colour of a stand-in picture: the app's paper, a shade darker. */
const STAND_IN = "#d9d2c5";

/** Raster formats sharp writes, by extension. */
const RASTER = {
  ".jpg": "jpeg",
  ".jpeg": "jpeg",
  ".png": "png",
  ".gif": "gif",
  ".webp": "webp",
  ".avif": "avif",
} as const;

/**
 * Replaces every picture, sound and film below `dir` (a copy of a game's pack) with a stand-in
 * under the same name, so that the copy keeps its structure and passes the checks without the
 * original media: a picture of the same size in one plain colour, a sound or film of no bytes,
 * to be replaced in the studio. Answers how many files it replaced.
 */
export async function replaceMedia(dir: string): Promise<number> {
  let replaced = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const kind = mediaType(entry.name);
    if (kind === "text") continue;
    await writeFile(file, kind === "image" ? await standInPicture(file) : Buffer.alloc(0));
    replaced++;
  }
  return replaced;
}

async function standInPicture(file: string): Promise<Buffer> {
  const extension = path.extname(file).toLowerCase();
  const original = await readFile(file);
  const { width = 64, height = 64 } = await sharp(original)
    .metadata()
    .catch(() => ({ width: 64, height: 64 }));
  if (extension === ".svg") {
    return Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
        `<rect width="100%" height="100%" fill="${STAND_IN}"/></svg>`,
    );
  }
  const format = RASTER[extension as keyof typeof RASTER] ?? "png";
  return sharp({ create: { width, height, channels: 3, background: STAND_IN } })
    .toFormat(format)
    .toBuffer();
}
