/**
 * How the service worker answers a request (decisions/011-offline.md). Pure, so it can be tested
 * without a worker.
 *
 * - `shell`: the app's own files, precached at install; from the cache, else the network.
 * - `page`: a navigation; the network first (fresh releases), the cached app when offline.
 * - `fresh`: settings and texts the server may change; the network first, else the last copy.
 * - `media`: the game's images (under MEDIA_BASE); the cached copy at once, refreshed in the
 *   background.
 * - `network`: left alone (the API and its event stream, audio and video with range requests).
 */
export type Strategy = "shell" | "page" | "fresh" | "media" | "network";

/**
 * Where a worker's game lives (decisions/054): its app (the worker's scope), the pack's media
 * (the app's `assetsBase`, outside the scope) and the build's files, which every game's page
 * loads from the first game's path.
 */
export type Bases = { app: string; media: string; shell: string };

/** The bases of the worker at `workerPath`: `/webapp/sw.js`, or `/g/<name>/webapp/sw.js`. */
export function basesOf(workerPath: string): Bases {
  const app = workerPath.slice(0, workerPath.lastIndexOf("/") + 1);
  const game = app.slice(0, app.length - "webapp/".length);
  return { app, media: `${game}assets/webapp-data/`, shell: "/webapp/" };
}

/** The first game's worker's. */
export const FIRST_GAME = basesOf("/webapp/sw.js");

/** Where a built file of the precache is fetched: the game's own page, the rest the build's. */
export function precached(file: string, bases: Bases): string {
  return (file === "index.html" ? bases.app : bases.shell) + file;
}

export type RequestInfo = {
  method: string;
  /** The URL's path, on the worker's own origin; undefined for another origin. */
  path: string | undefined;
  mode: string;
  destination: string;
};

export function strategyFor(
  { method, path, mode, destination }: RequestInfo,
  bases: Bases = FIRST_GAME,
): Strategy {
  if (method !== "GET" || path === undefined) return "network";
  if (path.startsWith(bases.media)) return destination === "image" ? "media" : "network";
  if (bases.app !== bases.shell && path.startsWith(bases.shell)) {
    // Another game's page: of the first game's path, only the build's files are its own.
    return /^(assets|icons)\//.test(path.slice(bases.shell.length)) ? "shell" : "network";
  }
  if (!path.startsWith(bases.app)) return "network";
  if (mode === "navigate") return "page";
  const inApp = path.slice(bases.app.length);
  if (inApp === "config.json" || /^content\/[^/]+\.json$/.test(inApp)) return "fresh";
  if (inApp.startsWith("content/")) return "network";
  if (inApp === "sw.js") return "network";
  return "shell";
}

/** Pictures kept for offline use; beyond this the least recently used go first. */
export const MEDIA_LIMIT = 300;

/**
 * The entries to delete so that at most `limit` remain, given oldest first (a cache lists its
 * keys in the order they were put, and a refresh puts an entry anew).
 */
export function beyondLimit<T>(entries: readonly T[], limit: number): T[] {
  return entries.slice(0, Math.max(entries.length - limit, 0));
}
