import { stat } from "node:fs/promises";
import { createReadStream } from "node:fs";
import { ErrorReason } from "@wegmarke/protocol";
import type { MissionKind } from "@wegmarke/protocol";
import { parseFile } from "music-metadata";
import { ServiceError } from "../errors";
import type { BlobInput } from "../store/blob-store";
import type { PhotoMaker } from "./photo-process";

/** A file to keep, by its name below the submission (`file`, `thumb`). */
export type KeptFile = { name: "file" | "thumb"; type: string; input: BlobInput };

/** What a checked upload keeps: its files, the main file's type and size, a recording's length. */
export type CheckedUpload = { files: KeptFile[]; type: string; size: number; seconds?: number };

/**
 * Reads an upload's type from its bytes, never its name, and makes what is kept of it: a photo
 * turned upright, shrunk to 1,600 pixels and written anew as JPEG, which leaves every EXIF field
 * behind (GPS included), with a 480-pixel thumbnail (by `photos`, missions/photo-process.ts); a
 * video or voice recording as it came, if its container is one a browser plays and its length
 * within `maxSeconds`. 415 `unsupported file` for anything else, 422 `recording too long`.
 */
export async function checkUpload(
  kind: MissionKind,
  file: string,
  maxSeconds: number | undefined,
  photos: PhotoMaker,
): Promise<CheckedUpload> {
  return kind === "photo" ? checkPhoto(file, photos) : checkRecording(kind, file, maxSeconds);
}

async function checkPhoto(file: string, photos: PhotoMaker): Promise<CheckedUpload> {
  // A photo that ends its process is refused like one that is none.
  const made = await photos.make(file).catch(() => undefined);
  if (!made) throw new ServiceError(415, ErrorReason.unsupportedFile);
  return {
    files: [
      { name: "file", type: "image/jpeg", input: made.photo },
      { name: "thumb", type: "image/jpeg", input: made.thumb },
    ],
    type: "image/jpeg",
    size: made.photo.byteLength,
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
