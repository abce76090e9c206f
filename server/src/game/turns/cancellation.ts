import type { ContentPack } from "../../content/model";
import { readParticipantState, withCancelled } from "../player-status";
import type { GameOutcome, Turn } from "./turns";
import { statusEvent } from "./start";

/**
 * Cancels the running station `stationId`: its run ends, its logged conversation is retracted,
 * its delayed messages, reminder and media progress go, and the new status is logged.
 * Undefined when it is not the running one (nothing changes).
 */
export async function cancellation(
  pack: ContentPack,
  turn: Turn,
  stationId: number,
): Promise<GameOutcome | undefined> {
  const current = await turn.repos.participants.currentStation(turn.stream);
  // Cancelling what is not running changes nothing: the client's view was merely stale.
  if (current !== stationId) return undefined;
  const state = withCancelled(await readParticipantState(turn.repos, turn.stream), stationId);
  return {
    runs: [],
    cancelled: [stationId],
    currentStation: 0,
    events: [statusEvent(pack, state)],
    agenda: [],
  };
}
