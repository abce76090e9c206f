import { farLimit, insideBounds, metresBetween, swapped } from "@wegmarke/protocol";
import type { Bounds, OpsStationPlace, Point } from "@wegmarke/protocol";

export type PlaceWarning = {
  kind: "outside" | "far";
  /** To the nearest other station. */
  metres: number;
  other: string;
  /** With latitude and longitude swapped it would fit. */
  swapped: boolean;
};

/**
 * What `content:check` warns of a station's place, judged as the author drags it: outside the
 * map's picture, or far from every other station.
 */
export function placeWarnings(
  place: Point,
  others: OpsStationPlace[],
  bounds: Bounds | undefined,
): PlaceWarning[] {
  if (!Number.isFinite(place.latitude) || !Number.isFinite(place.longitude)) return [];
  const nearestTo = (point: Point, among: Point[]) =>
    Math.min(
      ...among.filter((other) => other !== point).map((other) => metresBetween(point, other)),
    );
  const all: Point[] = [place, ...others];
  const limit = farLimit(all.map((point) => nearestTo(point, all)));
  const nearest = others
    .map((other) => ({ other, metres: metresBetween(place, other) }))
    .sort((a, b) => a.metres - b.metres)[0];
  const turned = swapped(place);
  const warnings: PlaceWarning[] = [];
  if (bounds !== undefined && !insideBounds(bounds, place)) {
    warnings.push({
      kind: "outside",
      metres: nearest?.metres ?? 0,
      other: nearest?.other.title ?? "",
      swapped: turned !== undefined && insideBounds(bounds, turned),
    });
  } else if (nearest !== undefined && nearest.metres > limit) {
    warnings.push({
      kind: "far",
      metres: nearest.metres,
      other: nearest.other.title,
      swapped:
        turned !== undefined && others.some((other) => metresBetween(turned, other) <= limit),
    });
  }
  return warnings;
}
