import { rm } from "node:fs/promises";
import path from "node:path";
import type { GameRow } from "../store/game-repository";
import type { Repositories, Store, StoreOf } from "../store/store";

/**
 * Rows of a kind (streams, players, teams...) one transaction of an erasure deletes at most,
 * with the rows that hang from them: a rally's 100 streams are some thousands of log rows, a
 * moment of the database's time, between which the other games' turns go on.
 */
const BATCH = 100;

export type GameErasureDeps = {
  store: StoreOf<Pick<Repositories, "games">> & Pick<Store, "scrub">;
  /** The installation's upload folder (a game's own is below it: `gameUploadDir`). */
  uploadDir: string;
};

/** An erased game: its name, and the rows that went, in all and per table. */
export type ErasedGame = { name: string; rows: number; tables: Record<string, number> };

/** The folder of a game's unfinished uploads, below the installation's. */
export function gameUploadDir(uploadDir: string, game: number): string {
  return path.join(uploadDir, "games", String(game));
}

/** The archived games whose data is kept no longer at `now`: archived `keepMs` ago or more. */
export function pastKeeping(games: GameRow[], now: Date, keepMs: number): GameRow[] {
  return games.filter(
    (game) => game.archivedAt !== null && Date.parse(game.archivedAt) + keepMs <= now.getTime(),
  );
}

/**
 * Erases an archived game's data (decisions/054): every row of its players, teams, streams,
 * news, submissions (their files listed for the blob store), pack versions and draft, and its
 * operators' roles and audit, a batch per transaction (store/game-erasure.ts), then the folder
 * of its unfinished uploads. Its `games` row stays: the name stays taken and its addresses say
 * it has ended. An erased game has nothing left: erasing it again answers 0 rows.
 */
export async function eraseGame(
  { store, uploadDir }: GameErasureDeps,
  game: Pick<GameRow, "id" | "name">,
  batch = BATCH,
): Promise<ErasedGame> {
  const tables: Record<string, number> = {};
  let rows = 0;
  for (;;) {
    const erased = await store.transaction((repos) => repos.games.eraseSome(game.id, batch));
    if (!erased) break;
    for (const [table, count = 0] of Object.entries(erased)) {
      if (count === 0) continue;
      tables[table] = (tables[table] ?? 0) + count;
      rows += count;
    }
  }
  // SQLite's WAL still holds the pages of the deleted rows until it is emptied.
  if (rows > 0) await store.scrub();
  await rm(gameUploadDir(uploadDir, game.id), { recursive: true, force: true });
  return { name: game.name, rows, tables };
}
