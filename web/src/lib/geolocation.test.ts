import { describe, expect, it, vi } from "vitest";
import { createGeolocationStore, geolocationErrorEvent, geolocationOptions } from "./geolocation";

function fakeGeolocation(
  answer: (success: PositionCallback, failure: PositionErrorCallback) => void,
): Geolocation {
  return {
    getCurrentPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) =>
      answer(success, failure ?? (() => {})),
    ),
    watchPosition: vi.fn(),
    clearWatch: vi.fn(),
  };
}

describe("geolocation store", () => {
  it("asks with low accuracy, a 5 s timeout and a cached position up to 300000 ms", () => {
    expect(geolocationOptions).toEqual({
      enableHighAccuracy: false,
      timeout: 5000,
      maximumAge: 300000,
    });
    const geolocation = fakeGeolocation(() => {});
    createGeolocationStore(geolocation).subscribe(() => {});
    expect(geolocation.getCurrentPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      geolocationOptions,
    );
  });

  it("hands the found position to its listeners", () => {
    const geolocation = fakeGeolocation((success) =>
      success({ coords: { latitude: 50.8, longitude: 8.77 } } as GeolocationPosition),
    );
    const store = createGeolocationStore(geolocation);
    const listener = vi.fn();
    store.subscribe(listener);
    expect(listener).toHaveBeenCalled();
    expect(store.getPosition()).toEqual({ latitude: 50.8, longitude: 8.77 });
  });

  it("on failure only emits an event and keeps no position", () => {
    const geolocation = fakeGeolocation((_, failure) =>
      failure({ code: 1, message: "denied" } as GeolocationPositionError),
    );
    const emitted = vi.fn();
    window.addEventListener(geolocationErrorEvent, emitted);
    const store = createGeolocationStore(geolocation);
    store.subscribe(() => {});
    window.removeEventListener(geolocationErrorEvent, emitted);
    expect(emitted).toHaveBeenCalledTimes(1);
    expect(store.getPosition()).toBeNull();
  });

  it("without geolocation stays without a position", () => {
    const store = createGeolocationStore(undefined);
    store.subscribe(() => {});
    expect(store.getPosition()).toBeNull();
  });
});
