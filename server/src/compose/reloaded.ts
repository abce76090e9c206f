import type { FastifyBaseLogger } from "fastify";
import type { ContentPack } from "../content/model";
import { formatProblem } from "../content/model";
import type { Repositories, StoreOf } from "../store/store";
import type { ReloadOutcome } from "../studio/content-reload";

export type ReloadedDeps = {
  log: FastifyBaseLogger;
  store: StoreOf<Pick<Repositories, "games">> & { readonly game: number };
  /** The game's pack, its contents replaced by a reload. */
  pack: ContentPack;
};

/**
 * What follows a reload of the game's pack: the log says which version plays, or why the
 * running one stays; the games' list takes the title of the version now live (a game whose
 * row has a title: the first game's has none and shows its live pack's).
 */
export async function afterReload(
  { log, store, pack }: ReloadedDeps,
  outcome: ReloadOutcome,
): Promise<void> {
  if (!outcome.ok) {
    const problems = outcome.problems.map(formatProblem);
    log.warn({ problems }, "content pack refused, the running one stays");
    return;
  }
  const warnings = outcome.warnings.map(formatProblem);
  log.info(
    warnings.length > 0 ? { warnings } : {},
    `content pack reloaded: version ${outcome.version}`,
  );
  const title = pack.title[pack.defaultLanguage];
  if (title !== undefined) await store.repos.games.retitle(store.game, title);
}
