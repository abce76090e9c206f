/**
 * How the app shows a message's content (spec 2): a local image file, an external http(s)
 * address (a link), mp3 audio, mp4 or webm video, else text. The content check uses the same
 * rule, so a pack names only what the app can show.
 */
export type MediaType = "image" | "url" | "audio" | "video" | "text";

const imageFile = /\.(jpe?g|png|gif|webp|avif|svg)$/i;
const audioFile = /\.mp3$/i;
const videoFile = /\.(mp4|webm)$/i;
const externalUrl = /^https?:\/\//i;

/** Whether a file of a pack is a picture. */
export function isImageFile(path: string): boolean {
  return imageFile.test(path);
}

/**
 * Whether a file of a pack is media the app shows (an image, mp3 audio, mp4 or webm video):
 * the only files the server sends from a pack.
 */
export function isMediaFile(path: string): boolean {
  return imageFile.test(path) || audioFile.test(path) || videoFile.test(path);
}

/** The media type of a message's content string, checked in the spec's order (section 2). */
export function mediaType(content: string): MediaType {
  const value = content.trim();
  const path = value.split(/[?#]/)[0] ?? value;
  const external = externalUrl.test(value);
  if (!external && !/\s/.test(value) && imageFile.test(path)) return "image";
  if (external) return "url";
  if (audioFile.test(path)) return "audio";
  if (videoFile.test(path)) return "video";
  return "text";
}

/**
 * The widths, besides the file itself, in which the server sends a pack's photo
 * (`/assets/webapp-data/<path>?w=480`): a list's thumbnail or a phone's screen loads no more
 * than it shows. The pack's images are at most 1600 pixels on their longer side.
 */
export const imageWidths = [480, 960] as const;
export type ImageWidth = (typeof imageWidths)[number];

/** The full size a pack's photo has at most, for `srcset`. */
export const fullImageWidth = 1600;

/** Photos the server sends in smaller widths (not SVG, whose size is free, nor GIF). */
export const resizedImage = /\.(jpe?g|png|webp|avif)$/i;
