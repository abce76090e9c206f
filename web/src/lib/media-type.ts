type MediaType = "image" | "url" | "audio" | "video" | "text";

const imageFile = /\.(jpe?g|png|gif|webp|avif|svg)$/i;
const audioFile = /\.mp3$/i;
const videoFile = /\.(mp4|webm)$/i;
const externalUrl = /^https?:\/\//i;

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

/** The address of a local media file below the assets base. */
export function assetUrl(assetsBase: string, path: string): string {
  const base = assetsBase.endsWith("/") ? assetsBase : `${assetsBase}/`;
  return `${base}${path.trim().replace(/^\/+/, "")}`;
}
