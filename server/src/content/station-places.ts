import { farLimit, insideBounds, metresBetween } from "@wegmarke/protocol";
import type { Bounds } from "@wegmarke/protocol";
import type { ContentProblem } from "./model";
import type { StationDraft } from "./station-folder";

/**
 * Warnings about where stations are: one outside the map's picture, or far from every other
 * station, most likely has a typo in its coordinates or latitude and longitude swapped (8.77,
 * 50.81 for Marburg's 50.81, 8.77 lies in the Arabian Sea). Nobody could reach it, and a `near`
 * station there could never be started.
 */

type Place = { draft: StationDraft; latitude: number; longitude: number };

export function placeWarnings(
  stations: StationDraft[],
  bounds: Bounds | undefined,
): ContentProblem[] {
  const places = stations.flatMap((draft): Place[] => {
    const { latitude, longitude } = draft.summary ?? {};
    return latitude === undefined || longitude === undefined
      ? []
      : [{ draft, latitude, longitude }];
  });
  const nearest = places.map((place) => nearestOther(place, places));
  const limit = farLimit(nearest.map((n) => n?.metres ?? 0));
  return places.flatMap((place, i) => {
    const near = nearest[i];
    const outside = bounds !== undefined && !insideBounds(bounds, place);
    const far = near !== undefined && near.metres > limit;
    if (!outside && !far) return [];
    const swapped = { ...place, latitude: place.longitude, longitude: place.latitude };
    const fits = outside
      ? bounds !== undefined && insideBounds(bounds, swapped)
      : Math.abs(swapped.latitude) <= 90 && (nearestOther(swapped, places)?.metres ?? 0) <= limit;
    const where = `latitude ${place.latitude}, longitude ${place.longitude}`;
    const what = outside
      ? `${where} lies outside the map (map.image.bounds in game.yaml)`
      : `${where} is ${distance(near?.metres ?? 0)} from the nearest other station (${near?.folder})`;
    const hint = fits ? "latitude and longitude swapped?" : "check the coordinates";
    const { yamlFile, lineOf } = place.draft;
    return [{ file: yamlFile, line: lineOf(["latitude"]), message: `${what}: ${hint}` }];
  });
}

/** The nearest other station to `place`, and how far it is. */
function nearestOther(
  place: Place,
  places: Place[],
): { metres: number; folder: string } | undefined {
  let best: { metres: number; folder: string } | undefined;
  for (const other of places) {
    if (other.draft === place.draft) continue;
    const metres = metresBetween(place, other);
    if (!best || metres < best.metres) best = { metres, folder: `stations/${other.draft.folder}` };
  }
  return best;
}

function distance(metres: number): string {
  const km = metres / 1000;
  return km >= 10 ? `${Math.round(km)} km` : `${km.toFixed(1)} km`;
}
