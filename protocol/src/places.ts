/**
 * Where stations lie, as `content:check` and the studio's station form judge it: a station
 * outside the map's picture, or far from every other, most likely has a typo in its coordinates
 * or latitude and longitude swapped.
 */

/** `[[south, west], [north, east]]`, as game.yaml's `map.image.bounds`. */
export type Bounds = [[number, number], [number, number]];

export type Point = { latitude: number; longitude: number };

/** Far means farther than this from every other station, and than 5 times the pack's usual. */
const FAR_METRES = 3000;
const FAR_FACTOR = 5;

/** How far a station may lie from its nearest other, given each station's nearest distance. */
export function farLimit(nearest: number[]): number {
  if (nearest.length < 3) return Infinity; // With two stations, neither is the odd one out.
  const sorted = [...nearest].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  return Math.max(FAR_METRES, FAR_FACTOR * median);
}

export function insideBounds([[south, west], [north, east]]: Bounds, point: Point): boolean {
  return (
    point.latitude >= south &&
    point.latitude <= north &&
    point.longitude >= west &&
    point.longitude <= east
  );
}

/** The great-circle distance (haversine) in metres. */
export function metresBetween(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point with latitude and longitude swapped, when that is a place at all. */
export function swapped(point: Point): Point | undefined {
  const turned = { latitude: point.longitude, longitude: point.latitude };
  return Math.abs(turned.latitude) <= 90 ? turned : undefined;
}
