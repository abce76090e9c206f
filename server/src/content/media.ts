/**
 * Media paths below `/assets/webapp-data/`: `stations/<id>/<file>` and `stories/<id>/<file>`,
 * served from that station's or story's folder, and `points/<file>` (crest images) and
 * `intro/<file>`, served from those folders of the pack.
 */

export type MediaPath =
  | { area: "stations" | "stories"; id: number; segments: string[] }
  | { area: "points" | "intro"; segments: string[] };

/**
 * Scripts and yaml files hold the answers, so they are never media; a leading dot rules
 * out `.`, `..` and hidden files.
 */
const PRIVATE_FILE = /^\.|\.(ink|ya?ml)$/i;

/** Parses a media path; null for anything else and for private files. */
export function parseMediaPath(ref: string): MediaPath | null {
  const numbered = /^(stations|stories)\/([1-9][0-9]*)\/(.+)$/.exec(ref);
  const shared = /^(points|intro)\/(.+)$/.exec(ref);
  if (numbered?.[2] && numbered[3]) {
    const segments = safeSegments(numbered[3]);
    const area = numbered[1] === "stories" ? "stories" : "stations";
    return segments && { area, id: Number(numbered[2]), segments };
  }
  if (shared?.[2]) {
    const segments = safeSegments(shared[2]);
    return segments && { area: shared[1] === "intro" ? "intro" : "points", segments };
  }
  return null;
}

function safeSegments(rest: string): string[] | null {
  const segments = rest.split("/");
  const safe = segments.every((s) => s !== "" && !PRIVATE_FILE.test(s) && !/[\\\0]/.test(s));
  return safe ? segments : null;
}

export function isWebUrl(ref: string): boolean {
  return /^https?:\/\//i.test(ref);
}

/**
 * What the app shows as a message's content (web/src/lib/media-type.ts): an image, mp3 audio,
 * mp4 or webm video, or a link to a web address. Any other file it would print as plain text.
 */
const IMAGE_FILE = /\.(jpe?g|png|gif|webp|avif|svg)$/i;
const PLAYABLE_FILE = /\.(mp3|mp4|webm)$/i;

/** Why the app cannot show `ref` as content, or undefined when it can. */
export function undisplayableReason(ref: string): string | undefined {
  if (isWebUrl(ref) || PLAYABLE_FILE.test(ref)) return undefined;
  if (IMAGE_FILE.test(ref)) {
    // The app takes an image path with white space for text.
    return /\s/.test(ref) ? "the app shows an image only if its path has no spaces" : undefined;
  }
  return "the app cannot show this file: use an image (jpg, png, gif, webp, avif, svg), mp3, mp4, webm or an https address";
}
