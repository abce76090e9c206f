import { lowerThisProcess } from "../lib/thread-priority";

/** A photo to make (missions/photo-process.ts), and the answer. */
export type PhotoCall = { id: number; file: string };

export type PhotoAnswer =
  | { id: number; kind: "made"; photo: Uint8Array; thumb: Uint8Array }
  | { id: number; kind: "unsupported" };

/** The long side of a kept photo, and of its thumbnail (decisions/039). */
const PHOTO_PIXELS = 1600;
const THUMB_PIXELS = 480;

/** A photo's pixels sharp reads at most: a "decompression bomb" stops here. */
const MAX_INPUT_PIXELS = 60_000_000;

const FORMATS = ["jpeg", "png", "webp", "heif", "avif", "gif", "tiff"];

// The photos' process: its decoding waits for the cores while the server's answers want them,
// and its memory is not the server's (docs/performance.md, "Photos for missions"). Every thread
// started from here on (libuv's, libvips') inherits the lowered priority.
if (process.send) {
  lowerThisProcess(10);
  const sharp = (await import("sharp")).default;
  // Photos come one after another, each read once, on one thread: libvips' cache of operations
  // and more threads would only hold memory.
  sharp.cache(false);
  sharp.concurrency(1);
  const collect = (globalThis as { gc?: () => void }).gc;
  const options = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS } as const;
  const fit = (pixels: number) =>
    ({ width: pixels, height: pixels, fit: "inside", withoutEnlargement: true }) as const;

  /** Turned upright, shrunk, written anew as JPEG (no EXIF), with a thumbnail of the copy. */
  const make = async ({ id, file }: PhotoCall): Promise<PhotoAnswer> => {
    const format = await sharp(file, options)
      .metadata()
      .then((meta) => meta.format)
      .catch(() => undefined);
    if (!format || !FORMATS.includes(format)) return { id, kind: "unsupported" };
    try {
      const photo = await sharp(file, options)
        .rotate()
        .resize(fit(PHOTO_PIXELS))
        .jpeg({ quality: 82, mozjpeg: false })
        .toBuffer();
      const thumb = await sharp(photo)
        .resize(fit(THUMB_PIXELS))
        .jpeg({ quality: 75, mozjpeg: false })
        .toBuffer();
      return { id, kind: "made", photo, thumb };
    } catch {
      // A file whose header reads but whose pixels do not.
      return { id, kind: "unsupported" };
    }
  };

  process.on("message", (call: PhotoCall) => {
    void make(call).then((answer) => {
      process.send?.(answer);
      // The photo's buffers go now, not when the small heap would next be collected.
      setImmediate(() => collect?.());
    });
  });
  // The server ended the channel (idle, or closing): nothing is left to do.
  process.on("disconnect", () => process.exit(0));
}
