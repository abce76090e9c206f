import {
  GAME_APP_PATH,
  gameStoragePrefix,
  languages,
  previewStoragePrefix,
} from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";

/**
 * A preview of the studio's draft serves the app below `/preview/<id>/webapp/` (another game's
 * below `/g/<name>/preview/<id>/webapp/`): it plays a game of its own there (its config.json
 * names its own API), in a frame of the operators' console.
 */
const preview = /^(?:\/g\/[a-z0-9-]+)?\/preview\/([A-Za-z0-9_-]+)\/webapp\//.exec(
  window.location.pathname,
);

/**
 * Another game of the installation than its first serves the app below `/g/<name>/webapp/`
 * (decisions/054), its config.json naming its API there.
 */
const game = preview ? null : GAME_APP_PATH.exec(window.location.pathname);

const prefixed = preview ?? game;

/**
 * Where the app is served, with a slash at the end: the build's base (`/webapp/`), another
 * game's or the preview's.
 */
export const appBase = prefixed?.[0] ?? import.meta.env.BASE_URL;

/** The router's basename: `/webapp`, `/g/<name>/webapp` or a preview's `…/preview/<id>/webapp`. */
export const routerBase = prefixed?.[0].slice(0, -1) ?? "/webapp";

/**
 * Each game's app has its service worker, its scope the app's path (`/webapp/`, another game's
 * `/g/<name>/webapp/`); a preview in the studio has none.
 */
export const hasServiceWorker = preview === null;

/**
 * Another game's page names its own web app manifest, whose name, icons, start and scope are
 * that game's, in place of the build's `/webapp/manifest.webmanifest` (the first game's): a
 * phone adds the game it plays to its home screen.
 */
export function linkGameManifest(): void {
  if (game === null) return;
  const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (link) link.href = `${appBase}manifest.webmanifest`;
}

/**
 * The start of every key the app stores: a preview's and each game's apart from the first
 * game's, so that a phone playing two games is two players.
 */
export const storagePrefix = preview?.[1]
  ? previewStoragePrefix(preview[1])
  : game?.[1]
    ? gameStoragePrefix(game[1])
    : "wegmarke.";

/**
 * The language a preview starts in (`?lang=` of its address, the studio's choice) until its
 * player picks one; null elsewhere.
 */
export function previewLanguage(): Language | null {
  if (preview === null) return null;
  const asked = new URLSearchParams(window.location.search).get("lang");
  return languages.find((language) => language === asked) ?? null;
}
