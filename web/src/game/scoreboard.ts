import type { ScoreboardEntry } from "@wegmarke/protocol";

/**
 * docs/decisions/007-scoreboard.md: the app refetches the scoreboard when the view opens, on
 * its own playerstatus, and every 30 s while the view is open and the page visible.
 */
export const scoreboardRefreshMs = 30_000;

/** A row to show, and whether a gap (ranks left out) lies before it. */
export type ScoreboardRow = { entry: ScoreboardEntry; gapBefore: boolean };

/**
 * The ranking as shown: the server's best rows in rank order, and the player's own row after
 * them (behind a gap) when it is not among them.
 */
export function scoreboardRows(
  entries: readonly ScoreboardEntry[],
  you: ScoreboardEntry,
): ScoreboardRow[] {
  const rows = [...entries]
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => ({ entry, gapBefore: false }));
  if (!entries.some((entry) => entry.isYou)) rows.push({ entry: you, gapBefore: rows.length > 0 });
  return rows;
}
