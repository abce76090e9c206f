import type { StationView } from "@wegmarke/protocol";
import type { PlayState } from "./play-state";
import { stationById } from "./station-flags";

/** Unread messages of the stations of the given views (a station not known yet counts as `station`). */
export function unreadInViews(state: PlayState, views: readonly StationView[]): number {
  let unread = 0;
  for (const [key, local] of Object.entries(state.stations)) {
    const view = stationById(state.status, Number(key))?.DisplayHint.View ?? "station";
    if (!views.includes(view)) continue;
    unread += local.messages.filter((message) => message.unread).length;
  }
  return unread;
}

/** A footer entry's marker: the unread count, else "!" for new stations, else nothing. */
export function footerMarker(unread: number, newStations: boolean): string | null {
  if (unread > 0) return String(unread);
  return newStations ? "!" : null;
}
