/**
 * A game's short name in its address, `/g/<name>/…` (decisions/054): a small letter, then 1 to
 * 31 small letters, digits and dashes. Without zod: the player app reads it at start.
 */
export const GAME_NAME = /^[a-z][a-z0-9-]{1,31}$/;

/** The player app of the game `name` below its prefix, as a pattern of a page's path. */
export const GAME_APP_PATH = new RegExp(`^/g/(${GAME_NAME.source.slice(1, -1)})/webapp/`);

/** The start of the keys the player app stores in another game than the first. */
export const gameStoragePrefix = (name: string): string => `wegmarke.g.${name}.`;

/**
 * The days an archived game's data is kept, within which it can be brought back whole; then
 * the server erases it (the server's `archivedGameKeepMs`).
 */
export const ARCHIVED_GAME_KEEP_DAYS = 30;
