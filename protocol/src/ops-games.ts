import { z } from "zod";
import { GAME_NAME } from "./games";
import { languages } from "./languages";
import { requestText } from "./text";

/** A game of the installation as the console lists it (`GET /api/ops/games`). */
export const opsGame = z.object({
  name: z.string(),
  /** Its own title, the first game's its live pack's; the name where it has none. */
  title: z.string(),
  /** The installation's first game: at the bare addresses, its API at `/api/ops/`. */
  first: z.boolean(),
  /** Where its players play: `/webapp/`, `/g/<name>/webapp/`. */
  app: z.string(),
});
export type OpsGame = z.infer<typeof opsGame>;

/** The games an operator may switch between in the console, the first first. */
export const opsGames = z.object({ games: z.array(opsGame) });
export type OpsGames = z.infer<typeof opsGames>;

const gameName = z
  .string()
  .regex(GAME_NAME, "a small letter, then 1 to 31 small letters, digits or dashes");

/**
 * What a new game starts from: the demo, one station, or a copy of a game's live version, with
 * its pictures, sounds and films or (`media: false`) stand-ins for them.
 */
export const opsGameTemplate = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("demo") }),
  z.object({ kind: z.literal("one-station") }),
  z.object({ kind: z.literal("copy"), from: gameName, media: z.boolean().default(true) }),
]);
export type OpsGameTemplate = z.infer<typeof opsGameTemplate>;

/**
 * `POST /api/ops/games` (the installation's admin): a new game, live at once from its
 * template, its title in each of its languages (the first its default), the caller its author
 * and host.
 */
export const opsNewGame = z.object({
  name: gameName,
  title: requestText().trim().min(1).max(80),
  languages: z
    .array(z.enum(languages))
    .min(1)
    .refine((list) => new Set(list).size === list.length, "a language is named twice"),
  template: opsGameTemplate,
});
export type OpsNewGame = z.infer<typeof opsNewGame>;

/** A game that has ended, as the admin's list of them shows it (`GET /api/ops/games/archived`). */
export const opsArchivedGame = z.object({
  name: z.string(),
  title: z.string(),
  archivedAt: z.string(),
  /** When its data is erased (the retention sweep's next run after it): until then restorable. */
  erasedFrom: z.string(),
});
export type OpsArchivedGame = z.infer<typeof opsArchivedGame>;

/** The ended games whose data is still kept, the most recently ended first. */
export const opsArchivedGames = z.object({ games: z.array(opsArchivedGame) });
export type OpsArchivedGames = z.infer<typeof opsArchivedGames>;

/** `POST /api/ops/games/{name}/archive` and `…/restore`. */
export const opsGameParams = z.object({ name: gameName });

/** The answer of `POST /api/ops/games`: the new game, and what its pack's check warns of. */
export const opsGameMade = z.object({ game: opsGame, warnings: z.array(z.string()) });
export type OpsGameMade = z.infer<typeof opsGameMade>;

/** The file at the top of a game's zip that says what it holds. */
export const GAME_ZIP_MANIFEST = "wegmarke-game.json";

/**
 * A whole game as a zip (`GET /api/ops/pack/game.zip`): this manifest, the live version's
 * files in `live/` and, where the studio's draft changes it, the draft's files in `draft/`,
 * all in one folder named after the game. `POST /api/ops/games/import` makes a new game of it.
 */
export const opsGameZip = z.object({
  format: z.literal(1),
  /** The game's short name where it was exported: the name offered for the import. */
  name: gameName,
  title: z.string(),
  exportedAt: z.string().datetime(),
  /** The live version's number there. */
  liveNumber: z.number().int().positive(),
  /** Files the draft changes, adds or removes against the live version (0: no `draft/`). */
  draftChanges: z.number().int().nonnegative(),
});
export type OpsGameZip = z.infer<typeof opsGameZip>;

/** `POST /api/ops/games/import?name=`: the new game's short name; the body the game's zip. */
export const opsGameImportQuery = z.object({ name: gameName });

/** The answer of an import: the new game, the check's warnings, the draft's changes kept. */
export const opsGameImported = opsGameMade.extend({
  draftChanges: z.number().int().nonnegative(),
});
export type OpsGameImported = z.infer<typeof opsGameImported>;
