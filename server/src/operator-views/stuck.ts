import type { OpsStuck, OpsStuckEntry } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { STUCK_DEFAULTS, indexById } from "../content/model";
import { isTeamStream } from "../participants/participant";
import type { Repositories, StoreOf } from "../store/store";

/** How many of those quiet the longest, and of those with the most wrong answers, are listed. */
export const STUCK_LISTED = 20;

/** The names of participants by stream (a player's, or a team's). */
export type StreamNames = (streams: string[]) => Promise<Map<string, string>>;

/**
 * Who may be stuck (the game master's overview): the participants at a running station quiet
 * the longest and those with the most wrong answers there, quietest first, with the pack's
 * thresholds. Runs of a station the pack no longer has are left out.
 */
export async function readStuck(
  store: StoreOf<Pick<Repositories, "figures">>,
  pack: ContentPack,
  names: StreamNames,
): Promise<OpsStuck> {
  const { figures } = store.repos;
  const [quiet, wrong] = await Promise.all([
    figures.running("quiet", STUCK_LISTED),
    figures.running("wrong", STUCK_LISTED),
  ]);
  const stations = indexById(pack.stations);
  const byStream = new Map([...quiet, ...wrong].map((row) => [row.stream, row]));
  const rows = [...byStream.values()].filter((row) => stations.has(row.stationId));
  const named = await names(rows.map((row) => row.stream));
  const participants = rows
    .map((row): OpsStuckEntry => ({
      playerId: row.playerId,
      name: named.get(row.stream) ?? row.stream,
      team: isTeamStream(row.stream),
      stationId: row.stationId,
      title: stations.get(row.stationId)?.texts.de.title ?? "",
      startedAt: row.startedAt,
      lastStepAt: row.updatedAt,
      wrongAnswers: row.wrongAnswers,
    }))
    .sort((a, b) => a.lastStepAt.localeCompare(b.lastStepAt));
  const thresholds = { ...STUCK_DEFAULTS, ...pack.gameMaster };
  return {
    afterMinutes: thresholds.stuckAfterMinutes,
    afterWrongAnswers: thresholds.stuckAfterWrongAnswers,
    participants,
  };
}
