/** Media paths below `/assets/webapp-data/`: `stations/<id>/<file>`, served from a station folder. */

export type MediaPath = {
  stationId: number;
  /** Path segments inside the station's folder. */
  segments: string[];
};

/**
 * Scripts and station files hold the answers, so they are never media; a leading dot rules
 * out `.`, `..` and hidden files.
 */
const PRIVATE_FILE = /^\.|\.(ink|ya?ml)$/i;

/** Parses `stations/<id>/<file>`; null for anything else and for private files. */
export function parseMediaPath(ref: string): MediaPath | null {
  const match = /^stations\/([1-9][0-9]*)\/(.+)$/.exec(ref);
  if (!match?.[1] || !match[2]) return null;
  const segments = match[2].split("/");
  const safe = segments.every((s) => s !== "" && !PRIVATE_FILE.test(s) && !/[\\\0]/.test(s));
  return safe ? { stationId: Number(match[1]), segments } : null;
}

export function isWebUrl(ref: string): boolean {
  return /^https?:\/\//i.test(ref);
}
