import { stationLocal } from "./play-state";
import type { PlayState } from "./play-state";
import { isDone, stationById } from "./station-flags";

/**
 * Whether a station shows as done: the server says so and its queue has drained. The server
 * finishes a station with its last answer, while the character's closing messages are still
 * being typed one by one (game-station style); "done", the points and "next station" wait
 * for them.
 */
export function showsDone(state: PlayState, stationId: number): boolean {
  const station = stationById(state.status, stationId);
  if (station === undefined || !isDone(station)) return false;
  return stationLocal(state, stationId).queue.length === 0;
}
