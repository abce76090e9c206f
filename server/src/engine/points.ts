/**
 * What a station awards for its script's `points` (a host's approval adds to them): never less
 * than 0 nor more than the station's `points` in station.yaml (`maxPoints`). The content check
 * and the hosts' queue say the same of a mission's points.
 */
export function awardedPoints(points: number, maxPoints: number): number {
  return Math.min(Math.max(points, 0), maxPoints);
}
