import { GAME_NAME } from "@wegmarke/protocol";
import type { OpsGame } from "@wegmarke/protocol";

/** Where the browser keeps the game the console shows. */
const KEY = "wegmarke.ops.game";

function stored(): string | null {
  const name = localStorage.getItem(KEY);
  return name !== null && GAME_NAME.test(name) ? name : null;
}

/**
 * The game the console shows (decisions/054): null for the installation's first, else another
 * game's short name. Read once: a change starts the console over (`chooseGame`).
 */
export const chosenGame = stored();

/** The operators' API of the game `name` (null: the first): `/api/ops`, `/g/<name>/api/ops`. */
export const apiOf = (name: string | null): string =>
  name === null ? "/api/ops" : `/g/${name}/api/ops`;

/** The chosen game's operators' API: `/api/ops`, or `/g/<name>/api/ops`. */
export const API_BASE = apiOf(chosenGame);

/** The installation's operators' API, for what is no game's own: the list of games. */
export const INSTALLATION_API = "/api/ops";

/**
 * Shows the game `name` (null: the first): kept for the browser, the console starts over, at
 * the page `to` of the console.
 */
export function chooseGame(name: string | null, to = "/ops/"): void {
  if (name === null) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, name);
  window.location.assign(to);
}

/** Whether `game` of the list is the one the console shows. */
export const isShown = (game: OpsGame): boolean =>
  chosenGame === null ? game.first : game.name === chosenGame;

/**
 * The game to show instead of one not among `games` (those the operator sees, archived ones
 * left out): the first game when listed, else the first listed (null: the first game);
 * undefined when there is none, or it is the one shown.
 */
export function gameInstead(games: readonly OpsGame[]): string | null | undefined {
  if (games.some(isShown)) return undefined;
  if (games.some((game) => game.first)) return null;
  return games[0]?.name;
}
