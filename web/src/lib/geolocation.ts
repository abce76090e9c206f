import type { Position } from "./distance";

/** Spec 9: low accuracy, 5 s timeout, a cached position up to 5 minutes old. */
export const geolocationOptions: PositionOptions = {
  enableHighAccuracy: false,
  timeout: 5000,
  maximumAge: 300000,
};

/** Dispatched on `window` when the position cannot be found; the app shows no error for it. */
export const geolocationErrorEvent = "wegmarke:geolocation-error";

type GeolocationStore = {
  subscribe(listener: () => void): () => void;
  getPosition(): Position | null;
};

/**
 * Holds the latest position. While anything listens it follows the device with
 * `watchPosition`, so distances, sorting and the nearby station move with a walking player;
 * the watch ends with the last listener.
 */
export function createGeolocationStore(geolocation: Geolocation | undefined): GeolocationStore {
  let position: Position | null = null;
  let watchId: number | null = null;
  const listeners = new Set<() => void>();

  function found({ coords }: GeolocationPosition): void {
    const { latitude, longitude, accuracy } = coords;
    if (
      position?.latitude === latitude &&
      position.longitude === longitude &&
      position.accuracy === accuracy
    ) {
      return;
    }
    position = { latitude, longitude, accuracy };
    for (const listener of listeners) listener();
  }

  function failed(error: GeolocationPositionError): void {
    window.dispatchEvent(new CustomEvent(geolocationErrorEvent, { detail: error.message }));
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (geolocation && watchId === null) {
        watchId = geolocation.watchPosition(found, failed, geolocationOptions);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size > 0 || watchId === null) return;
        geolocation?.clearWatch(watchId);
        watchId = null;
      };
    },
    getPosition: () => position,
  };
}
