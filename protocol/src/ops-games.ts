import { z } from "zod";

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
