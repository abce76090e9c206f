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

/** Where the app lives: the worker's scope. */
export const BASE = "/webapp/";

/** Where the server serves the pack's media (the app's `assetsBase`), outside the scope. */
export const MEDIA_BASE = "/assets/webapp-data/";

export type RequestInfo = {
  method: string;
  /** The URL's path, on the worker's own origin; undefined for another origin. */
  path: string | undefined;
  mode: string;
  destination: string;
};

export function strategyFor({ method, path, mode, destination }: RequestInfo): Strategy {
  if (method !== "GET" || path === undefined) return "network";
  if (path.startsWith(MEDIA_BASE)) return destination === "image" ? "media" : "network";
  if (!path.startsWith(BASE)) return "network";
  if (mode === "navigate") return "page";
  const inApp = path.slice(BASE.length);
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
