import { languages, previewStoragePrefix } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";

/**
 * A preview of the studio's draft serves the app below `/preview/<id>/webapp/`: it plays a game
 * of its own there (its config.json names its own API), in a frame of the operators' console.
 */
const preview = /^\/preview\/([A-Za-z0-9_-]+)\/webapp\//.exec(window.location.pathname);

/** Where the app is served, with a slash at the end: the build's base (`/webapp/`), or the preview's. */
export const appBase = preview?.[0] ?? import.meta.env.BASE_URL;

/** The router's basename: `/webapp`, or the preview's `/preview/<id>/webapp`. */
export const routerBase = preview?.[0].slice(0, -1) ?? "/webapp";

/** The app plays a preview (no service worker, keys of its own). */
export const isPreview = preview !== null;

/** The start of every key the app stores: a preview's apart from the game's. */
export const storagePrefix = preview?.[1] ? previewStoragePrefix(preview[1]) : "wegmarke.";

/**
 * The language a preview starts in (`?lang=` of its address, the studio's choice) until its
 * player picks one; null elsewhere.
 */
export function previewLanguage(): Language | null {
  if (preview === null) return null;
  const asked = new URLSearchParams(window.location.search).get("lang");
  return languages.find((language) => language === asked) ?? null;
}
