/**
 * What the studio takes as a medium of the pack: the types the app shows, each up to a size,
 * and only when the bytes are what the name says (a renamed file is refused before it is stored).
 */

import { open, readFile } from "node:fs/promises";
import type { Readable } from "node:stream";
import { blobHash } from "../content/pack-snapshot";
import { ServiceError } from "../errors";
import type { BlobContent } from "../packs/pack-import";
import { receiveFile } from "../packs/upload-file";

type Kind = "image" | "audio" | "video";

const MB = 1024 * 1024;

/** The largest file of each kind: a photo from a phone, an audio story, a short film. */
export const MEDIA_LIMITS: Record<Kind, number> = {
  image: 20 * MB,
  audio: 50 * MB,
  video: 200 * MB,
};

/** The content types the route reads as a file's bytes. */
export const MEDIA_CONTENT_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
  "audio/mpeg",
  "video/mp4",
  "video/webm",
];

/** The type a medium of the draft is sent with, by its name's extension; undefined for none. */
export function mediaType(path: string): string | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    png: "image/png",
    gif: "image/gif",
    webp: "image/webp",
    avif: "image/avif",
    svg: "image/svg+xml",
    mp3: "audio/mpeg",
    mp4: "video/mp4",
    webm: "video/webm",
  };
  return extension === undefined ? undefined : types[extension];
}

const EXTENSIONS: Record<string, { kind: Kind; sniff: (bytes: Buffer) => boolean }> = {
  jpg: { kind: "image", sniff: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  jpeg: { kind: "image", sniff: (b) => starts(b, [0xff, 0xd8, 0xff]) },
  png: { kind: "image", sniff: (b) => starts(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  gif: { kind: "image", sniff: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  webp: { kind: "image", sniff: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
  avif: { kind: "image", sniff: (b) => ascii(b, 4, "ftypavif") || ascii(b, 4, "ftypavis") },
  svg: { kind: "image", sniff: (b) => /<svg[\s>]/i.test(b.subarray(0, 4096).toString("utf8")) },
  mp3: {
    kind: "audio",
    // An ID3 tag, or a frame sync (11 bits set).
    sniff: (b) => ascii(b, 0, "ID3") || ((b[0] ?? 0) === 0xff && ((b[1] ?? 0) & 0xe0) === 0xe0),
  },
  mp4: { kind: "video", sniff: (b) => ascii(b, 4, "ftyp") },
  webm: { kind: "video", sniff: (b) => starts(b, [0x1a, 0x45, 0xdf, 0xa3]) },
};

function starts(bytes: Buffer, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Buffer, at: number, text: string): boolean {
  return bytes.subarray(at, at + text.length).toString("latin1") === text;
}

/** How a refusal names a file of `kind`. */
function named(kind: Kind): string {
  return kind === "image" ? "an image" : kind === "audio" ? "an audio file" : "a video";
}

/** Why a file of `size` bytes is too large for `kind`. */
function tooLarge(kind: Kind, size?: number): string {
  const limit = `${named(kind)} may have at most ${MEDIA_LIMITS[kind] / MB} MB`;
  return size === undefined ? limit : `${limit}; this one has ${(size / MB).toFixed(1)} MB`;
}

const UNKNOWN_TYPE = "the app shows images (jpg, png, gif, webp, avif, svg), mp3, mp4 and webm";

/**
 * Why `bytes` (a file's start, at least its first 4 KB, of `size` bytes in all) cannot be the
 * medium `path`, with the status to answer; undefined when it can.
 */
export function mediaRefusal(
  path: string,
  bytes: Buffer,
  size = bytes.length,
): { status: 413 | 415; reason: string } | undefined {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  const type = EXTENSIONS[extension];
  if (!type) return { status: 415, reason: UNKNOWN_TYPE };
  if (size > MEDIA_LIMITS[type.kind]) return { status: 413, reason: tooLarge(type.kind, size) };
  if (!type.sniff(bytes)) {
    return { status: 415, reason: `the file's content is not ${extension}: was it renamed?` };
  }
  return undefined;
}

/** A medium received: its bytes where they were made smaller, else the file that holds them. */
export type ReceivedMedium = BlobContent;

/**
 * Takes the request body `body` as the medium `path`: written to `file` as it arrives (never
 * held whole; refused at once past its kind's limit), checked (`mediaRefusal`) and, for a
 * photo, fitted (`fitMedia`, from at most 20 MB in memory). A refusal throws its ServiceError.
 */
export async function receiveMedium(
  path: string,
  body: Readable,
  declared: number | undefined,
  file: string,
): Promise<ReceivedMedium> {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  const type = EXTENSIONS[extension];
  if (!type) {
    body.resume();
    throw new ServiceError(415, UNKNOWN_TYPE);
  }
  const limit = MEDIA_LIMITS[type.kind];
  const { size, hash } = await receiveFile(
    body,
    file,
    limit,
    tooLarge(type.kind, declared),
    declared,
  );
  const head = Buffer.alloc(Math.min(size, 4096));
  const handle = await open(file);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const refused = mediaRefusal(path, head, size);
  if (refused) throw new ServiceError(refused.status, refused.reason);
  if (!FITTED.includes(extension)) return { hash, file, size };
  const bytes = await fitMedia(path, await readFile(file)).catch(() => {
    throw new ServiceError(415, "the image cannot be read: is the file whole?");
  });
  return { hash: blobHash(bytes), bytes };
}

/** The images `fitMedia` may make smaller; the others stay as they are. */
const FITTED = ["jpg", "jpeg", "png", "webp", "avif"];

/** The longest side of an image the app shows: a full-width picture on a phone at 3x, a tablet at 2x. */
export const IMAGE_SIDE = 1600;

/**
 * An uploaded image as the pack keeps it: no larger than the app shows it (`IMAGE_SIDE` on its
 * longer side, turned upright by its EXIF orientation) and a JPEG always without its metadata,
 * which from a phone holds where the photo was taken. Other media, SVG and GIF stay as they
 * are. sharp works on libuv's threads, not the main one.
 */
export async function fitMedia(path: string, bytes: Buffer): Promise<Buffer> {
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase() ?? "";
  if (!FITTED.includes(extension)) return bytes;
  const { default: sharp } = await import("sharp");
  const image = sharp(bytes, { failOn: "error" });
  const { width = 0, height = 0, orientation } = await image.metadata();
  const jpeg = extension === "jpg" || extension === "jpeg";
  const large = Math.max(width, height) > IMAGE_SIDE;
  if (!large && !jpeg && orientation === undefined) return bytes;
  const fitted = image
    .rotate()
    .resize({ width: IMAGE_SIDE, height: IMAGE_SIDE, fit: "inside", withoutEnlargement: true });
  if (jpeg) return fitted.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  if (extension === "png") return fitted.png({ compressionLevel: 9 }).toBuffer();
  if (extension === "webp") return fitted.webp({ quality: 82 }).toBuffer();
  return fitted.avif({ quality: 60 }).toBuffer();
}
