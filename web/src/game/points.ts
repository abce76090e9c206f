import type { CrestLevel, PlayerStatus } from "@wegmarke/protocol";
import { isDone } from "./station-flags";
import type { StationEntry } from "./station-flags";

/** The crest for a count of finished stories: the last row whose count has been reached. */
export function crestFor(crest: readonly CrestLevel[], finished: number): CrestLevel | null {
  let reached: CrestLevel | null = null;
  for (const level of [...crest].sort((a, b) => a.finishedStories - b.finishedStories)) {
    if (level.finishedStories <= finished) reached = level;
  }
  return reached;
}

/** The points page's list: live stations with points to earn that the player has finished, by name. */
export function finishedStations(status: PlayerStatus | null): StationEntry[] {
  if (status === null) return [];
  return Object.entries(status.Stations)
    .map(([id, station]) => ({ id: Number(id), station }))
    .filter(({ station }) => station.Live && station.MaxPoints > 0 && isDone(station))
    .sort((a, b) => a.station.Name.localeCompare(b.station.Name));
}

/** A station's star rating: `maxPoints` stars, filled up to its points. */
export function stars(points: number, maxPoints: number): boolean[] {
  return Array.from({ length: Math.max(0, maxPoints) }, (_, index) => index < points);
}
