/** The long side of a photo as the phone sends it (decisions/039): a few hundred kilobytes. */
export const SEND_PIXELS = 1600;
const QUALITY = 0.85;

/**
 * A photo turned upright (its EXIF orientation) and shrunk to SEND_PIXELS on the phone, as a
 * JPEG drawn anew: the camera's EXIF, GPS included, stays on the phone. The file itself when
 * the browser cannot read it (the server checks and shrinks it then).
 */
export async function shrinkPhoto(file: Blob): Promise<Blob> {
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
    const scale = Math.min(1, SEND_PIXELS / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const shrunk = await new Promise<Blob | null>((resolve) => {
      canvas.toBlob(resolve, "image/jpeg", QUALITY);
    });
    return shrunk !== null && shrunk.size > 0 ? shrunk : file;
  } catch {
    return file;
  }
}
