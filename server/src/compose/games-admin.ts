import { opsRoles } from "@wegmarke/protocol";
import type { OpsNewGame } from "@wegmarke/protocol";
import type { Clock } from "../clock";
import type { Config } from "../config";
import { ServiceError } from "../errors";
import { importGame } from "../games/game-import";
import { GameRefusal, archiveGame, archivedGames, makeGame, restoreGame } from "../games/making";
import type { GameDispatch } from "../http/game-prefix-routes";
import type { GamesRouteDeps } from "../http/ops/games-routes";
import { setOperatorRoles } from "../operator-accounts/operator-admin";
import type { OperatorService } from "../operator-accounts/operator-service";
import type { Store } from "../store/store";
import { readGame, writeGame } from "../studio/forms/game-form";
import { draftFromZip } from "../studio/game-zip";

export type GamesAdminDeps = {
  store: Store;
  config: Config;
  clock: Clock;
  games: GameDispatch;
  ops: OperatorService;
  /** How long an archived game's data is kept (security/limits.ts `archivedGameKeepMs`). */
  keepMs: number;
};

/**
 * The console's calls on the installation's games (decisions/054): the list the caller sees,
 * a new game from a template (its game.yaml titled and in its languages, as the studio's game
 * form writes it; the admin who made it its author and host), and the end of a game, whose
 * server here stops at once (other instances within 10 s, GameApps). Each is in the audit log
 * of the first game. A refusal of games/ is a 4xx with its reason.
 */
export function gamesAdmin(deps: GamesAdminDeps): GamesRouteDeps {
  const { store, config, clock, games, ops, keepMs } = deps;
  const listed = async (name: string) => {
    const game = (await games.list("every")).find((listing) => listing.name === name);
    if (!game) throw new Error(`game ${name}: made, not listed`);
    return game;
  };
  /** The operator who made game `id` its author and host (none for OPERATOR_TOKEN). */
  const authorAndHost = async (id: number, by: string | null) => {
    if (by === null) return;
    const changedBy = { via: "session", operator: by };
    await setOperatorRoles(store.forGame(id), clock, by, opsRoles, changedBy);
  };
  return {
    list: async (caller) => games.list(await ops.gamesOf(caller)),
    make: async (caller, request) => {
      const by = caller.via === "session" ? caller.name : null;
      const made = await refused(() =>
        makeGame(
          { store, config, clock },
          request.name,
          request.template,
          (text) => titled(text, request),
          by,
        ),
      );
      await authorAndHost(made.id, by);
      const { template } = request;
      const from =
        template.kind === "copy"
          ? ` ${template.from}${template.media ? "" : ", without media"}`
          : "";
      await ops.record(caller, "game.add", `${request.name} (${request.template.kind}${from})`);
      return { game: await listed(request.name), warnings: made.warnings };
    },
    import: async (caller, name, upload) => {
      const by = caller.via === "session" ? caller.name : null;
      const made = await refused(() =>
        importGame({ store, config, clock }, name, upload, by, (id, folder, files) =>
          draftFromZip({ store: store.forGame(id), clock }, folder, files, by),
        ),
      );
      await authorAndHost(made.id, by);
      await ops.record(caller, "game.import", `${name} (${made.draftChanges} draft changes)`);
      return { game: await listed(name), warnings: made.warnings, draftChanges: made.draftChanges };
    },
    archive: async (caller, name) => {
      await refused(() => archiveGame(store, clock, name));
      await games.stop(name);
      await ops.record(caller, "game.archive", name);
    },
    archived: () => archivedGames(store, clock.now(), keepMs),
    restore: async (caller, name) => {
      await refused(() => restoreGame(store, clock.now(), keepMs, name));
      await ops.record(caller, "game.restore", name);
      return listed(name);
    },
  };
}

/** game.yaml with the new game's title in each of its languages, the first its default. */
function titled(text: string, { title, languages }: OpsNewGame): string {
  const read = readGame(text);
  const [first] = languages;
  // The pack's check refuses a game.yaml that does not read.
  if (!read.ok || first === undefined) return text;
  return writeGame(text, {
    ...read.form,
    title: Object.fromEntries(languages.map((language) => [language, title])),
    languages,
    defaultLanguage: first,
  });
}

async function refused<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GameRefusal) throw new ServiceError(error.status, error.message);
    throw error;
  }
}
