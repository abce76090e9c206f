import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorReason } from "@wegmarke/protocol";
import { ServiceError } from "../errors";

/** A message's photo as kept: the shrunk JPEG, or its thumbnail. */
export type PhotoFile = "file" | "thumb";
export type MadePhoto = { photo: Buffer; thumb: Buffer };
/** Makes what is kept of a photo file (compose/ gives missions' photo process). */
export type PhotoMaking = { make(file: string): Promise<MadePhoto | undefined> };

/**
 * A photo as a player sent it, made as missions' photos are (upright, 1,600 pixels, written
 * anew without EXIF) from a file of its own; 415 for bytes that are no photo.
 */
export async function madePhoto(photos: PhotoMaking, bytes: Buffer): Promise<MadePhoto> {
  const dir = await mkdtemp(join(tmpdir(), "wegmarke-organisers-"));
  try {
    const file = join(dir, "photo");
    await writeFile(file, bytes);
    // A photo that ends its process is refused like one that is none.
    const made = await photos.make(file).catch(() => undefined);
    if (!made) throw new ServiceError(415, ErrorReason.unsupportedFile);
    return made;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
