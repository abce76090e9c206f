/**
 * Media paths below `/assets/webapp-data/`: `stations/<id>/<file>` and `stories/<id>/<file>`,
 * served from that station's or story's folder, and `points/<file>` (crest images),
 * `intro/<file>`, `map/<file>` (the map image) and `app/<file>` (the app's icon), served from
 * those folders of the pack.
 */
import { mediaType } from "@wegmarke/protocol";

export type MediaPath =
  | { area: "stations" | "stories"; id: number; segments: string[] }
  | { area: SharedArea; segments: string[] };

const sharedAreas = ["points", "intro", "map", "app"] as const;
type SharedArea = (typeof sharedAreas)[number];

/**
 * Scripts and yaml files hold the answers, so they are never media; a leading dot rules
 * out `.`, `..` and hidden files.
 */
const PRIVATE_FILE = /^\.|\.(ink|ya?ml)$/i;

/** Parses a media path; null for anything else and for private files. */
export function parseMediaPath(ref: string): MediaPath | null {
  const numbered = /^(stations|stories)\/([1-9][0-9]*)\/(.+)$/.exec(ref);
  const shared = /^(points|intro|map|app)\/(.+)$/.exec(ref);
  if (numbered?.[2] && numbered[3]) {
    const segments = safeSegments(numbered[3]);
    const area = numbered[1] === "stories" ? "stories" : "stations";
    return segments && { area, id: Number(numbered[2]), segments };
  }
  if (shared?.[2]) {
    const segments = safeSegments(shared[2]);
    const area = sharedAreas.find((name) => name === shared[1]) ?? "points";
    return segments && { area, segments };
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

/** Why the app cannot show `ref` as a message's content (protocol `mediaType`), or undefined. */
export function undisplayableReason(ref: string): string | undefined {
  if (mediaType(ref) !== "text") return undefined;
  // The app takes an image path with white space for text.
  if (mediaType(ref.replace(/\s/g, "")) === "image") {
    return "the app shows an image only if its path has no spaces";
  }
  return "the app cannot show this file: use an image (jpg, png, gif, webp, avif, svg), mp3, mp4, webm or an https address";
}
