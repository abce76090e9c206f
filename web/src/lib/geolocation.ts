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

/** Holds the latest position; asks the device again whenever a first listener subscribes. */
export function createGeolocationStore(geolocation: Geolocation | undefined): GeolocationStore {
  let position: Position | null = null;
  const listeners = new Set<() => void>();

  function request(): void {
    geolocation?.getCurrentPosition(
      (found) => {
        position = { latitude: found.coords.latitude, longitude: found.coords.longitude };
        for (const listener of listeners) listener();
      },
      (error) => {
        window.dispatchEvent(new CustomEvent(geolocationErrorEvent, { detail: error.message }));
      },
      geolocationOptions,
    );
  }

  return {
    subscribe(listener) {
      listeners.add(listener);
      if (listeners.size === 1) request();
      return () => {
        listeners.delete(listener);
      };
    },
    getPosition: () => position,
  };
}
