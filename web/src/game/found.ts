import type { PlayState } from "./play-state";
import { isDone, isPlayed, isSecret, stationById } from "./station-flags";

/**
 * Whether the player has found station `id`, by the pack's rule (docs/content-authoring.md,
 * "Visibility"; the server holds the same): a station no list hides is there to find; a
 * `secret` one of the station and main views once played (its QR code reveals it so) or once
 * a recommendation naming it (`#recommend: <name>`) has arrived.
 */
export function isFound(state: PlayState, id: number): boolean {
  const station = stationById(state.status, id);
  if (station === undefined) return false;
  const hidden = isSecret(station) && ["station", "main"].includes(station.DisplayHint.View);
  if (!hidden || isPlayed(station) || isDone(station)) return true;
  return Object.values(state.stations).some((local) =>
    local.messages.some((message) => {
      const recommendation = message.recommendationId;
      if (recommendation === undefined) return false;
      return recommendation.slice(recommendation.indexOf(":") + 1) === station.Name;
    }),
  );
}
