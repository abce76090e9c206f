import { stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { ErrorReason } from "@wegmarke/protocol";
import type { MissionKind } from "@wegmarke/protocol";
import { parseFile } from "music-metadata";
import sharp from "sharp";
import { ServiceError } from "../errors";
import { KeyedQueue } from "../lib/keyed-queue";
import type { BlobInput } from "../store/blob-store";

/** The long side of a kept photo, and of its thumbnail (decisions/039). */
export const PHOTO_PIXELS = 1600;
export const THUMB_PIXELS = 480;

// Photos come one after another, each read once: libvips' cache of operations would only hold
// their memory (docs/performance.md, "Photos for missions").
sharp.cache(false);

/** The photos under way: one after another. */
const photos = new KeyedQueue();

/** A photo's pixels sharp reads at most: a "decompression bomb" stops here. */
const MAX_INPUT_PIXELS = 60_000_000;

/** A file to keep, by its name below the submission (`file`, `thumb`). */
export type KeptFile = { name: "file" | "thumb"; type: string; input: BlobInput };

/** What a checked upload keeps: its files, the main file's type and size, a recording's length. */
export type CheckedUpload = { files: KeptFile[]; type: string; size: number; seconds?: number };

/**
 * Reads an upload's type from its bytes, never its name, and makes what is kept of it: a photo
 * turned upright, shrunk to 1,600 pixels and written anew as JPEG, which leaves every EXIF field
 * behind (GPS included), with a 480-pixel thumbnail; a video or voice recording as it came, if
 * its container is one a browser plays and its length within `maxSeconds`. 415 `unsupported
 * file` for anything else, 422 `recording too long`.
 */
export async function checkUpload(
  kind: MissionKind,
  file: string,
  maxSeconds: number | undefined,
): Promise<CheckedUpload> {
  return kind === "photo" ? checkPhoto(file) : checkRecording(kind, file, maxSeconds);
}

async function checkPhoto(file: string): Promise<CheckedUpload> {
  const options = { failOn: "error", limitInputPixels: MAX_INPUT_PIXELS } as const;
  const format = await sharp(file, options)
    .metadata()
    .then((meta) => meta.format)
    .catch(() => undefined);
  if (!format || !["jpeg", "png", "webp", "heif", "avif", "gif", "tiff"].includes(format)) {
    throw new ServiceError(415, ErrorReason.unsupportedFile);
  }
  // One photo at a time, its thumbnail made from the shrunk copy: the server's memory stays
  // that of one decoded photo however many arrive at once.
  const [photo, thumb] = await photos
    .run("photo", async () => {
      const shrunk = await sharp(file, options)
        .rotate()
        .resize({
          width: PHOTO_PIXELS,
          height: PHOTO_PIXELS,
          fit: "inside",
          withoutEnlargement: true,
        })
        .jpeg({ quality: 82, mozjpeg: true })
        .toBuffer();
      const small = await sharp(shrunk)
        .resize({
          width: THUMB_PIXELS,
          height: THUMB_PIXELS,
          fit: "inside",
          withoutEnlargement: true,
        })
        .jpeg({ quality: 75, mozjpeg: true })
        .toBuffer();
      return [shrunk, small] as const;
    })
    // A file whose header reads but whose pixels do not.
    .catch(() => {
      throw new ServiceError(415, ErrorReason.unsupportedFile);
    });
  return {
    files: [
      { name: "file", type: "image/jpeg", input: photo },
      { name: "thumb", type: "image/jpeg", input: thumb },
    ],
    type: "image/jpeg",
    size: photo.byteLength,
  };
}

/** A recording's container, as music-metadata names it, and the type it is served as. */
function recordingType(kind: "video" | "voice", container: string): string | undefined {
  const medium = kind === "voice" ? "audio" : "video";
  if (/webm/i.test(container)) return `${medium}/webm`;
  if (/^(isom|mp4|mp42|M4A|M4V|avc1|iso\d)/i.test(container)) return `${medium}/mp4`;
  if (/^qt/i.test(container)) return kind === "video" ? "video/quicktime" : undefined;
  if (kind === "video") return undefined;
  if (/^Ogg/i.test(container)) return "audio/ogg";
  if (/^MPEG/i.test(container)) return "audio/mpeg";
  if (/^WAVE/i.test(container)) return "audio/wav";
  return undefined;
}

/** The extension of a kept file of `type`, for a download's name ("bin" for another). */
export function fileExtension(type: string): string {
  return EXTENSIONS[type] ?? "bin";
}

const EXTENSIONS: Record<string, string> = {
  "image/jpeg": "jpg",
  "video/webm": "webm",
  "audio/webm": "webm",
  "video/mp4": "mp4",
  "audio/mp4": "m4a",
  "video/quicktime": "mov",
  "audio/ogg": "ogg",
  "audio/mpeg": "mp3",
  "audio/wav": "wav",
};

/** Seconds a recording may run over its mission's length (a phone stops a little late). */
const LENGTH_SLACK = 2;

async function checkRecording(
  kind: "video" | "voice",
  file: string,
  maxSeconds: number | undefined,
): Promise<CheckedUpload> {
  const meta = await parseFile(file, { duration: true, skipCovers: true }).catch(() => undefined);
  const { container = "", duration, hasVideo } = meta?.format ?? {};
  const type = recordingType(kind, container);
  if (!type || (kind === "video" && hasVideo === false) || (kind === "voice" && hasVideo)) {
    throw new ServiceError(415, ErrorReason.unsupportedFile);
  }
  if (maxSeconds !== undefined && duration !== undefined && duration > maxSeconds + LENGTH_SLACK) {
    throw new ServiceError(422, ErrorReason.recordingTooLong);
  }
  const { size } = await stat(file);
  return {
    files: [{ name: "file", type, input: { stream: createReadStream(file), size } }],
    type,
    size,
    ...(duration !== undefined && { seconds: Math.round(duration * 10) / 10 }),
  };
}
