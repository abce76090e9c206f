import type { Position } from "../lib/distance";

/** The device's position as calls send it (`Position`); nothing without one. */
export function positionBody(position: Position | null | undefined) {
  if (!position) return {};
  const { latitude, longitude, accuracy } = position;
  return {
    Position: {
      Latitude: latitude,
      Longitude: longitude,
      ...(accuracy !== undefined && Number.isFinite(accuracy) && { Accuracy: accuracy }),
    },
  };
}
