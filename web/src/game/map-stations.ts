import type { PlayerStatus } from "@wegmarke/protocol";
import type { Position } from "../lib/distance";
import { stationViews } from "@wegmarke/protocol";
import { displayedStations, isDone, isRunning } from "./station-flags";
import { stationDistance } from "./station-list";
import type { ListedStation } from "./station-list";

/** How a station's marker looks on the map. */
export type MarkerState = "new" | "running" | "done";

export type MapStation = ListedStation & { state: MarkerState };

/**
 * The stations of /webapp/map: every live, visible station of every view, done ones too, and
 * secret ones only once found (`found`, game/found.ts: a tip named it, or the player has been
 * there). Sorted by name, like the lists, so the plain list beside the map reads the same.
 */
export function mapStations(
  status: PlayerStatus | null,
  position: Position | null,
  found: (id: number) => boolean,
): MapStation[] {
  if (status === null) return [];
  return stationViews
    .flatMap((view) => displayedStations(status, view))
    .filter(({ id }) => found(id))
    .sort((a, b) => a.station.Name.localeCompare(b.station.Name))
    .map((entry) => {
      const running = isRunning(status, entry.id);
      const state: MarkerState = isDone(entry.station) ? "done" : running ? "running" : "new";
      return { ...entry, running, state, distance: stationDistance(entry.station, position) };
    });
}

/** `[[south, west], [north, east]]` around the stations and the player, or null for none. */
export function stationBounds(
  stations: readonly MapStation[],
  position: Position | null,
): [[number, number], [number, number]] | null {
  const points = stations.map(({ station }) => [station.Latitude, station.Longitude] as const);
  if (position !== null) points.push([position.latitude, position.longitude]);
  if (points.length === 0) return null;
  const lats = points.map(([lat]) => lat);
  const lons = points.map(([, lon]) => lon);
  return [
    [Math.min(...lats), Math.min(...lons)],
    [Math.max(...lats), Math.max(...lons)],
  ];
}
