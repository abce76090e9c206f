import { randomUUID } from "node:crypto";
import { cp, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { GAME_NAME } from "@wegmarke/protocol";
import type { OpsArchivedGame, OpsGameTemplate } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import { repoRoot } from "../config";
import type { Config } from "../config";
import { formatProblem } from "../content/model";
import { PackLibrary } from "../packs/pack-library";
import { pastKeeping } from "./erasure";
import { replaceMedia } from "./placeholders";
import type { PackStore } from "../packs/pack-import";
import type { Repositories, StoreOf } from "../store/store";

/** A refusal said as it is: by the command line (exit status 1), by the API with `status`. */
export class GameRefusal extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404 | 409 | 422 = 409,
  ) {
    super(message);
    this.name = "GameRefusal";
  }
}

/** The installation's games, and each game's pack versions. */
export type GamesStore = StoreOf<Pick<Repositories, "games">> &
  PackStore & {
    /** The first game's id. */
    readonly game: number;
    forGame(id: number): PackStore;
  };

export type GameMakingDeps = { store: GamesStore; config: Config; clock: Clock };

/** The folders of the templates a new game may start from (the demo, one station). */
export const TEMPLATE_FOLDERS = {
  demo: path.resolve(repoRoot, "content/demo"),
  "one-station": path.resolve(repoRoot, "content/templates/one-station"),
} as const;

const library = ({ config, clock }: GameMakingDeps, game: PackStore) =>
  new PackLibrary({ store: game, cacheDir: config.packCacheDir, clock });

/**
 * A new game named `name`, its first version the pack in `folder`, live at once. A pack with
 * problems makes no game; a name taken or off the pattern neither.
 */
export async function addGame(
  deps: GameMakingDeps,
  name: string,
  folder: string,
  source = "command line",
  by: string | null = null,
): Promise<{ id: number; title: string; warnings: string[] }> {
  const { store, clock } = deps;
  if (!GAME_NAME.test(name)) {
    throw new GameRefusal(
      `"${name}" is no game name: a small letter, then 1 to 31 small letters, digits or dashes`,
      400,
    );
  }
  if (await store.repos.games.named(name)) throw new GameRefusal(`game ${name}: name taken`);
  const checked = await library(deps, store).check(folder);
  if (!checked.pack) {
    const problems = checked.errors.map((problem) => `  ${formatProblem(problem)}`);
    const pack = source === "command line" ? `content pack ${folder}` : "the game's pack";
    const message = [`${pack} has problems:`, ...problems].join("\n");
    throw new GameRefusal(message, 422);
  }
  const title = checked.pack.title[checked.pack.defaultLanguage] ?? checked.pack.title.de ?? name;
  const id = await store.repos.games.create({
    // Its title for the console's list of games: the pack's, when it was made.
    ...{ name, title, host: null, archivedAt: null },
    createdAt: clock.now().toISOString(),
  });
  if (id === undefined) throw new GameRefusal(`game ${name}: name taken`);
  const game = library(deps, store.forGame(id));
  const { version } = await game.capture(folder, source, by);
  await game.release(version, by);
  return { id, title, warnings: checked.warnings.map(formatProblem) };
}

/**
 * A new game from `template` (decisions/054): the demo's files, one station's, or those of
 * another game's live version (its media, or stand-ins for them: placeholders.ts), with
 * game.yaml as `shape` makes it (its title and languages),
 * stored and live at once as `addGame` makes it. The copy is made in a folder of its own,
 * which goes when the game is made or refused.
 */
export async function makeGame(
  deps: GameMakingDeps,
  name: string,
  template: OpsGameTemplate,
  shape: (gameYaml: string) => string,
  by: string | null,
): Promise<{ id: number; title: string; warnings: string[] }> {
  const source = await templateFolder(deps, template);
  const work = path.join(deps.config.packCacheDir, "new-games", randomUUID());
  try {
    await cp(source, work, { recursive: true, dereference: true });
    if (template.kind === "copy" && !template.media) await replaceMedia(work);
    const gameYaml = path.join(work, "game.yaml");
    await writeFile(gameYaml, shape(await readFile(gameYaml, "utf8")));
    return await addGame(deps, name, work, "studio", by);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function templateFolder(deps: GameMakingDeps, template: OpsGameTemplate): Promise<string> {
  if (template.kind !== "copy") return TEMPLATE_FOLDERS[template.kind];
  const { store } = deps;
  const from = await store.repos.games.named(template.from);
  if (!from) throw new GameRefusal(`no game "${template.from}"`, 404);
  const copied = library(deps, store.forGame(from.id));
  const live = await copied.live();
  if (!live) throw new GameRefusal(`game ${template.from} has no live version to copy`, 404);
  return copied.folder(live);
}

/**
 * Ends the game `name`: its addresses say so from its next start; its data is kept for
 * `archivedGameKeepMs`, then erased (erasure.ts).
 */
export async function archiveGame(store: GamesStore, clock: Clock, name: string): Promise<void> {
  const game = await store.repos.games.named(name);
  if (!game) throw new GameRefusal(`no game "${name}"`, 404);
  if (game.id === store.game) {
    throw new GameRefusal(`game ${name}: the first game is served at /webapp/ and stays`);
  }
  if (game.archivedAt !== null) throw new GameRefusal(`game ${name}: archived already`);
  await store.repos.games.archive(game.id, clock.now().toISOString());
}

/**
 * Takes the archived game `name` back while its data is kept (`keepMs` after its end): its
 * addresses play again on every instance from their next request. Past that, its data is
 * erased or being erased: refused.
 */
export async function restoreGame(
  store: GamesStore,
  now: Date,
  keepMs: number,
  name: string,
): Promise<void> {
  const game = await store.repos.games.named(name);
  if (!game) throw new GameRefusal(`no game "${name}"`, 404);
  if (game.archivedAt === null) throw new GameRefusal(`game ${name}: not archived`);
  if (pastKeeping([game], now, keepMs).length > 0) {
    throw new GameRefusal(`game ${name}: its data is erased, it cannot come back`);
  }
  if (!(await store.repos.games.restore(game.id))) {
    throw new GameRefusal(`game ${name}: not archived`);
  }
}

/** The archived games whose data is kept at `now`, the most recently ended first. */
export async function archivedGames(
  store: GamesStore,
  now: Date,
  keepMs: number,
): Promise<OpsArchivedGame[]> {
  const games = await store.repos.games.list();
  const erased = new Set(pastKeeping(games, now, keepMs).map((game) => game.id));
  return games
    .flatMap((game) =>
      game.archivedAt === null || erased.has(game.id)
        ? []
        : [
            {
              name: game.name,
              title: game.title ?? game.name,
              archivedAt: game.archivedAt,
              erasedFrom: new Date(Date.parse(game.archivedAt) + keepMs).toISOString(),
            },
          ],
    )
    .sort((a, b) => (a.archivedAt < b.archivedAt ? 1 : a.archivedAt > b.archivedAt ? -1 : 0));
}
