import { stationViewSchema } from "@wegmarke/protocol";
import type { PlayerStatus, StationView } from "@wegmarke/protocol";
import type { Position } from "../lib/distance";
import { displayedStations, isDone, isRunning, isSecret } from "./station-flags";
import { noStations, stationDistance, stationList } from "./station-list";
import type { ListedStation } from "./station-list";

/** How a view's list is ordered after its own filter (spec 2, "Lists"). */
const orderOf: Record<Exclude<StationView, "station">, "name" | "id-desc" | "id-asc"> = {
  main: "name",
  story: "name",
  archive: "id-desc",
  email: "id-desc",
  custom: "id-asc",
};

/**
 * The list of a view's route (/webapp/{slug}): only stations whose view equals the slug, live
 * and visible (spec 4: secret counts as visible).
 * - station: without done and secret ones, by name or distance, the current station first
 *   (stationList);
 * - main: without secret ones, by name; story: by name;
 * - archive and email: by station id descending; custom: ascending.
 * A station in `toRead` (with messages the player has not read yet) is listed even where done
 * or secret ones are not.
 */
export function viewList(
  status: PlayerStatus | null,
  view: StationView,
  position: Position | null,
  sortByDistance: boolean,
  toRead: ReadonlySet<number> = noStations,
): ListedStation[] {
  if (status === null) return [];
  if (view === "station") return stationList(status, position, sortByDistance, toRead);
  const listed = displayedStations(status, view)
    .filter(({ id, station }) => view !== "main" || !isSecret(station) || toRead.has(id))
    .map((entry) => ({
      ...entry,
      distance: stationDistance(entry.station, position),
      running: isRunning(status, entry.id),
    }));
  const order = orderOf[view];
  if (order === "id-desc") listed.sort((a, b) => b.id - a.id);
  if (order === "id-asc") listed.sort((a, b) => a.id - b.id);
  return listed;
}

/** The views other than `station` that have something to list: the footer offers those. */
export function viewsWithEntries(
  status: PlayerStatus | null,
  toRead: ReadonlySet<number> = noStations,
): StationView[] {
  return otherViews.filter((view) => viewList(status, view, null, false, toRead).length > 0);
}

/** The views other than `station`, in the order the footer's "More" offers them. */
export const otherViews: readonly StationView[] = ["main", "story", "archive", "custom", "email"];

/** What is left to play beyond the station list (see `remainingStations`). */
export type Remaining = {
  /** The other views whose lists hold stations not done yet, with their count. */
  views: { view: StationView; open: number }[];
  /** Stations not done that no list shows (secret ones of the station and main views). */
  hidden: number;
  /** The game has stations and every one of them, listed or not, is done. */
  allDone: boolean;
};

/**
 * The game's stations not done yet outside the station list: per other view those its list
 * shows, and the secret ones no list shows. "All done" only when no live, visible station of
 * any view is left.
 */
export function remainingStations(status: PlayerStatus | null): Remaining {
  if (status === null) return { views: [], hidden: 0, allDone: false };
  const views = otherViews
    .map((view) => ({
      view,
      open: viewList(status, view, null, false).filter(({ station }) => !isDone(station)).length,
    }))
    .filter(({ open }) => open > 0);
  const hidden = (["station", "main"] as const)
    .flatMap((view) => displayedStations(status, view))
    .filter(({ station }) => isSecret(station) && !isDone(station)).length;
  const all = stationViewSchema.options.flatMap((view) => displayedStations(status, view));
  const allDone = all.length > 0 && all.every(({ station }) => isDone(station));
  return { views, hidden, allDone };
}
