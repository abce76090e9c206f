import { opsArchivedGames, opsGameImported, opsGameMade } from "@wegmarke/protocol";
import type {
  OpsArchivedGames,
  OpsGame,
  OpsGameImported,
  OpsGameMade,
  OpsNewGame,
} from "@wegmarke/protocol";
import { z } from "zod";
import { call } from "./client";
import { API_BASE, apiOf } from "./game-choice";

/** A new game from a template, live at once (the installation's admin). */
export const makeGame = (body: OpsNewGame): Promise<OpsGameMade> =>
  call("/games", { method: "POST", body, schema: opsGameMade, installation: true });

/** Ends the game `name`: its players can no longer play (the installation's admin). */
export const archiveGame = (name: string): Promise<unknown> =>
  call(`/games/${encodeURIComponent(name)}/archive`, {
    method: "POST",
    body: {},
    schema: z.unknown(),
    installation: true,
  });

/**
 * The games that have ended whose data is still kept, the most recently ended first (the
 * installation's admin).
 */
export const getArchivedGames = (signal?: AbortSignal): Promise<OpsArchivedGames> =>
  call("/games/archived", {
    schema: opsArchivedGames,
    installation: true,
    ...(signal && { signal }),
  });

/**
 * Brings the ended game `name` back: its players play again (the installation's admin);
 * refused 409 (not ended, or its data erased already) or 404 (no such game).
 */
export const restoreGame = (name: string): Promise<unknown> =>
  call(`/games/${encodeURIComponent(name)}/restore`, {
    method: "POST",
    body: {},
    schema: z.unknown(),
    installation: true,
  });

/**
 * A whole game as a zip, its live version and its studio's draft (an author's), a plain
 * download (the cookie goes along): of `game` of the list, else of the game shown.
 */
export const gameZipUrl = (game?: Pick<OpsGame, "name" | "first">): string =>
  `${game === undefined ? API_BASE : apiOf(game.first ? null : game.name)}/pack/game.zip`;

/**
 * A game's zip (`gameZipUrl`) becomes the new game `name`, live at once with its draft (the
 * installation's admin); refused 409 (name taken), 413 (too large) or 422 (no game's zip).
 */
export const importGame = (name: string, zip: File): Promise<OpsGameImported> =>
  call(`/games/import?${new URLSearchParams({ name })}`, {
    method: "POST",
    body: new Blob([zip], { type: "application/zip" }),
    schema: opsGameImported,
    installation: true,
  });
