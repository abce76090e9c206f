import { resolve } from "node:path";
import { GAME_NAME } from "@wegmarke/protocol";
import { systemClock } from "../clock";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { formatProblem } from "../content/model";
import { PackLibrary } from "../packs/pack-library";
import { withCommandLineStore } from "../store/command-line";
import type { Store } from "../store/store";

const USAGE = [
  "usage: npm run game -- add NAME FOLDER  makes a game of the content pack in FOLDER, published",
  "       npm run game -- list             lists the games with their addresses",
  "       npm run game -- archive NAME     ends a game: its addresses say so, its data is kept",
  "       npm run game -- host NAME HOST   serves the game at HOST's bare addresses too (- : none)",
  "NAME: its address /g/NAME/webapp/; a small letter, then 1 to 31 small letters, digits, dashes",
];

export type CliIo = {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  clock?: Clock;
};

/** A refusal the command line says as it is. */
class GameAdminError extends Error {}

/**
 * `npm run game -- COMMAND`: the installation's games (decisions/054) in the database
 * DATABASE_URL names, as the server reads it; migrates it first. A running server serves a new
 * game from its first request. Answers the exit status.
 */
export async function runGameCli(args: string[], io: CliIo): Promise<number> {
  const { out, err, clock = systemClock } = io;
  const [command, name, folder, ...rest] = args;
  const valid =
    rest.length === 0 &&
    (command === "list"
      ? name === undefined
      : command === "add"
        ? folder !== undefined
        : command === "host"
          ? folder !== undefined
          : command === "archive" && name !== undefined && folder === undefined);
  if (!valid) {
    for (const line of USAGE) err(line);
    return 2;
  }
  return withCommandLineStore(io, GameAdminError, async (store, config) => {
    if (command === "list") {
      for (const game of await store.repos.games.list()) {
        const address = game.id === store.game ? "/webapp/" : `/g/${game.name}/webapp/`;
        const host = game.host === null ? "" : `\thost ${game.host}`;
        const state = game.archivedAt === null ? "" : `\tarchived ${game.archivedAt}`;
        out(`${game.name}\t${config.publicUrl}${address}${host}${state}`);
      }
      return 0;
    }
    if (command === "host") {
      const host = folder === "-" ? null : (folder ?? "").toLowerCase();
      await setHost(store, name ?? "", host);
      out(
        `game ${name}: ${host === null ? "no host name of its own" : `also at https://${host}/webapp/`}`,
      );
      return 0;
    }
    if (command === "archive") {
      await archive(store, clock, name ?? "");
      out(`game ${name}: archived; its players can no longer play`);
      return 0;
    }
    const made = await addGame({ store, config, clock }, name ?? "", resolve(folder ?? "."));
    for (const warning of made.warnings) out(`warning: ${warning}`);
    out(`game ${name}: "${made.title}" at ${config.publicUrl}/g/${name}/webapp/`);
    return 0;
  });
}

/**
 * A new game named `name`, its first version the pack in `folder`, live at once. A pack with
 * problems makes no game; a name taken or off the pattern neither.
 */
async function addGame(
  { store, config, clock }: { store: Store; config: Config; clock: Clock },
  name: string,
  folder: string,
): Promise<{ title: string; warnings: string[] }> {
  if (!GAME_NAME.test(name)) {
    throw new GameAdminError(
      `"${name}" is no game name: a small letter, then 1 to 31 small letters, digits or dashes`,
    );
  }
  if (await store.repos.games.named(name)) throw new GameAdminError(`game ${name}: name taken`);
  const library = (game: Store) =>
    new PackLibrary({ store: game, cacheDir: config.packCacheDir, clock });
  const checked = await library(store).check(folder);
  if (!checked.pack) {
    const problems = checked.errors.map((problem) => `  ${formatProblem(problem)}`);
    throw new GameAdminError([`content pack ${folder} has problems:`, ...problems].join("\n"));
  }
  const id = await store.repos.games.create({
    // Its title for the console's list of games: the pack's, when it was made.
    ...{ name, title: checked.pack.title[checked.pack.defaultLanguage] ?? checked.pack.title.de },
    ...{ host: null, archivedAt: null },
    createdAt: clock.now().toISOString(),
  });
  if (id === undefined) throw new GameAdminError(`game ${name}: name taken`);
  const game = library(store.forGame(id));
  const { version } = await game.capture(folder, "command line", null);
  await game.release(version, null);
  return { title: checked.pack.title.de, warnings: checked.warnings.map(formatProblem) };
}

async function archive(store: Store, clock: Clock, name: string): Promise<void> {
  const game = await store.repos.games.named(name);
  if (!game) throw new GameAdminError(`no game "${name}"`);
  if (game.id === store.game) {
    throw new GameAdminError(`game ${name}: the first game is served at /webapp/ and stays`);
  }
  if (game.archivedAt !== null) throw new GameAdminError(`game ${name}: archived already`);
  await store.repos.games.archive(game.id, clock.now().toISOString());
}

/** A host name: labels of letters, digits and dashes, joined by dots. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

async function setHost(store: Store, name: string, host: string | null): Promise<void> {
  const game = await store.repos.games.named(name);
  if (!game) throw new GameAdminError(`no game "${name}"`);
  if (game.id === store.game) {
    throw new GameAdminError(`game ${name}: the first game is served at every host name already`);
  }
  if (host !== null && !HOST_NAME.test(host)) {
    throw new GameAdminError(`"${host}" is no host name (say harbour.example.org)`);
  }
  if (!(await store.repos.games.setHost(game.id, host))) {
    throw new GameAdminError(`host ${host ?? ""}: another game has it`);
  }
}
