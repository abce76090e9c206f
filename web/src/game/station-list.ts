import { NEAR_ACCURACY_ALLOWANCE_M } from "@wegmarke/protocol";
import type { PlayerStatus, StationStatus } from "@wegmarke/protocol";
import { distanceInMetres } from "../lib/distance";
import type { Position } from "../lib/distance";
import { displayedStations, isDone, isRunning, isSecret } from "./station-flags";
import type { StationEntry } from "./station-flags";

export type ListedStation = StationEntry & { distance: number | null; running: boolean };

/** Metres from the device when its position is known, else the server's figure (or null). */
export function stationDistance(station: StationStatus, position: Position | null): number | null {
  if (position !== null) {
    return distanceInMetres(position, { latitude: station.Latitude, longitude: station.Longitude });
  }
  return station.Distance;
}

function withDistance(
  status: PlayerStatus,
  entries: StationEntry[],
  position: Position | null,
): ListedStation[] {
  return entries.map((entry) => ({
    ...entry,
    distance: stationDistance(entry.station, position),
    running: isRunning(status, entry.id),
  }));
}

/** No station: for lists that keep none back for its unread messages. */
export const noStations: ReadonlySet<number> = new Set();

/**
 * The station list: live and visible stations of the station view without done and secret
 * ones, by name or (when allowed and known) by distance, the current station first. Stations
 * in `toRead` (with messages the player has not read yet) stay listed even when done or
 * secret, so that the unread count always leads somewhere.
 */
export function stationList(
  status: PlayerStatus | null,
  position: Position | null,
  sortByDistance: boolean,
  toRead: ReadonlySet<number> = noStations,
): ListedStation[] {
  if (status === null) return [];
  const open = displayedStations(status, "station").filter(
    ({ id, station }) => toRead.has(id) || (!isDone(station) && !isSecret(station)),
  );
  const listed = withDistance(status, open, position);
  if (sortByDistance) {
    // Array.prototype.sort is stable: equal distances keep the order by name.
    listed.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
  }
  const current = listed.findIndex(({ id }) => id === status.CurrentStation);
  const [first] = current > 0 ? listed.splice(current, 1) : [];
  return first === undefined ? listed : [first, ...listed];
}

/**
 * Home's "station nearby": a station the player has arrived at (arrivedStation), else the
 * nearest listed station closer than the threshold, not done and not the current one (home
 * shows that one anyway). Without a device position the server's distance counts.
 */
export function nearestStation(
  status: PlayerStatus | null,
  position: Position | null,
  threshold: number,
): ListedStation | null {
  if (status === null) return null;
  const arrived = arrivedStation(status, position);
  if (arrived !== null) return arrived;
  const candidates = stationList(status, position, true).filter(
    ({ id, distance }) => id !== status.CurrentStation && distance !== null && distance < threshold,
  );
  let nearest: ListedStation | null = null;
  for (const candidate of candidates) {
    if (nearest === null || (candidate.distance ?? Infinity) < (nearest.distance ?? Infinity)) {
      nearest = candidate;
    }
  }
  return nearest;
}

/** The radius of a `near` station when the pack sets none (the server sends its own). */
const DEFAULT_NEAR_RADIUS = 40;

/**
 * The nearest listed station that opens near its place (`near`, `qr-or-near`) and whose radius
 * the player stands in, by the device's position, its accuracy counted up to
 * NEAR_ACCURACY_ALLOWANCE_M as the server does: the app rings the bell on arrival.
 */
export function arrivedStation(
  status: PlayerStatus | null,
  position: Position | null,
): ListedStation | null {
  if (status === null || position === null) return null;
  const allowance = Math.min(position.accuracy ?? 0, NEAR_ACCURACY_ALLOWANCE_M);
  return (
    stationList(status, position, true).find(
      ({ id, station, distance }) =>
        id !== status.CurrentStation &&
        (station.Trigger === "near" || station.Trigger === "qr-or-near") &&
        distance !== null &&
        distance - allowance <= (station.Radius ?? DEFAULT_NEAR_RADIUS),
    ) ?? null
  );
}
