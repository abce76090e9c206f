import { useSyncExternalStore } from "react";
import type { Position } from "./distance";
import { createGeolocationStore } from "./geolocation";

const store = createGeolocationStore(
  typeof navigator !== "undefined" && "geolocation" in navigator
    ? navigator.geolocation
    : undefined,
);

const noSubscription = () => () => {};
const noPosition = () => null;

/** The device's position when geolocation is allowed and found, else null. */
export function useGeolocation(allowed: boolean): Position | null {
  return useSyncExternalStore(
    allowed ? store.subscribe : noSubscription,
    allowed ? store.getPosition : noPosition,
  );
}

/**
 * The latest position while any screen follows it (the lists, a station, home), else null:
 * sent with an activation, for stations that open only near their place.
 */
export function latestPosition(): Position | null {
  return store.getPosition();
}
