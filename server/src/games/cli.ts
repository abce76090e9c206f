import { resolve } from "node:path";
import { ARCHIVED_GAME_KEEP_DAYS } from "@wegmarke/protocol";
import { systemClock } from "../clock";
import type { Clock } from "../clock";
import { withCommandLineStore } from "../store/command-line";
import type { Store } from "../store/store";
import { GameRefusal, addGame, archiveGame, restoreGame } from "./making";

const USAGE = [
  "usage: npm run game -- add NAME FOLDER  makes a game of the content pack in FOLDER, published",
  "       npm run game -- list             lists the games with their addresses",
  "       npm run game -- archive NAME     ends a game: addresses say so, its data goes in 30 days",
  "       npm run game -- restore NAME     takes an archived game back while its data is kept",
  "       npm run game -- host NAME HOST   serves the game at HOST's bare addresses too (- : none)",
  "NAME: its address /g/NAME/webapp/; a small letter, then 1 to 31 small letters, digits, dashes",
];

export type CliIo = {
  env: NodeJS.ProcessEnv;
  out: (line: string) => void;
  err: (line: string) => void;
  clock?: Clock;
};

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
          : (command === "archive" || command === "restore") &&
            name !== undefined &&
            folder === undefined);
  if (!valid) {
    for (const line of USAGE) err(line);
    return 2;
  }
  return withCommandLineStore(io, GameRefusal, async (store, config) => {
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
      await archiveGame(store, clock, name ?? "");
      out(`game ${name}: archived; its players can no longer play`);
      return 0;
    }
    if (command === "restore") {
      await restoreGame(
        store,
        clock.now(),
        ARCHIVED_GAME_KEEP_DAYS * 24 * 60 * 60 * 1000,
        name ?? "",
      );
      out(`game ${name}: plays again at ${config.publicUrl}/g/${name}/webapp/`);
      return 0;
    }
    const made = await addGame({ store, config, clock }, name ?? "", resolve(folder ?? "."));
    for (const warning of made.warnings) out(`warning: ${warning}`);
    out(`game ${name}: "${made.title}" at ${config.publicUrl}/g/${name}/webapp/`);
    return 0;
  });
}

/** A host name: labels of letters, digits and dashes, joined by dots. */
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;

async function setHost(store: Store, name: string, host: string | null): Promise<void> {
  const game = await store.repos.games.named(name);
  if (!game) throw new GameRefusal(`no game "${name}"`);
  if (game.id === store.game) {
    throw new GameRefusal(`game ${name}: the first game is served at every host name already`);
  }
  if (host !== null && !HOST_NAME.test(host)) {
    throw new GameRefusal(`"${host}" is no host name (say harbour.example.org)`);
  }
  if (!(await store.repos.games.setHost(game.id, host))) {
    throw new GameRefusal(`host ${host ?? ""}: another game has it`);
  }
}
