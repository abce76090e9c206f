import { stationViewSchema } from "@wegmarke/protocol";
import type { StationView } from "@wegmarke/protocol";
import { unreadCount } from "./messenger";
import { stationLocal } from "./play-state";
import type { PlayState } from "./play-state";
import { viewList } from "./view-list";

/**
 * Stations with messages the player has not read yet: unread ones, or ones still being typed.
 * The lists keep them (done or secret ones too) until they are read.
 */
export function stationsToRead(state: PlayState): Set<number> {
  const ids = new Set<number>();
  for (const key of Object.keys(state.stations)) {
    const id = Number(key);
    if (unreadCount(state, id) > 0 || stationLocal(state, id).queue.length > 0) ids.add(id);
  }
  return ids;
}

/**
 * Unread messages of the stations the lists of the given views show: the count never points
 * at messages the player cannot open from a list (a station that is not live, not visible or
 * not known to the status does not count).
 */
export function unreadInViews(state: PlayState, views: readonly StationView[]): number {
  const toRead = stationsToRead(state);
  let unread = 0;
  for (const view of views) {
    for (const { id } of viewList(state.status, view, null, false, toRead)) {
      unread += unreadCount(state, id);
    }
  }
  return unread;
}

/** Unread messages the lists of all views lead to: the app badge's count. */
export function unreadInAllViews(state: PlayState): number {
  return unreadInViews(state, stationViewSchema.options);
}

/** A footer entry's marker: the unread count, else "!" for new stations, else nothing. */
export function footerMarker(unread: number, newStations: boolean): string | null {
  if (unread > 0) return String(unread);
  return newStations ? "!" : null;
}
