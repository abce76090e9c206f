import { describe, expect, it, vi } from "vitest";
import { createGeolocationStore, geolocationErrorEvent, geolocationOptions } from "./geolocation";

type Watch = { success: PositionCallback; failure: PositionErrorCallback };

/** A device whose watchers the test moves by hand. */
function fakeGeolocation() {
  const watches = new Map<number, Watch>();
  let nextId = 1;
  const geolocation = {
    getCurrentPosition: vi.fn(),
    watchPosition: vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
      const id = nextId++;
      watches.set(id, { success, failure: failure ?? (() => {}) });
      return id;
    }),
    clearWatch: vi.fn((id: number) => {
      watches.delete(id);
    }),
  } satisfies Geolocation;
  const moveTo = (latitude: number, longitude: number) => {
    for (const watch of watches.values()) {
      watch.success({ coords: { latitude, longitude } } as GeolocationPosition);
    }
  };
  const fail = (message: string) => {
    for (const watch of watches.values()) {
      watch.failure({ code: 3, message } as GeolocationPositionError);
    }
  };
  return { geolocation, watches, moveTo, fail };
}

describe("geolocation store", () => {
  it("asks with low accuracy, a 5 s timeout and a cached position up to 300000 ms", () => {
    expect(geolocationOptions).toEqual({
      enableHighAccuracy: false,
      timeout: 5000,
      maximumAge: 300000,
    });
    const device = fakeGeolocation();
    createGeolocationStore(device.geolocation).subscribe(() => {});
    expect(device.geolocation.watchPosition).toHaveBeenCalledWith(
      expect.any(Function),
      expect.any(Function),
      geolocationOptions,
    );
  });

  it("hands each new position to its listeners while the player walks", () => {
    const device = fakeGeolocation();
    const store = createGeolocationStore(device.geolocation);
    const listener = vi.fn();
    store.subscribe(listener);
    device.moveTo(50.8, 8.77);
    expect(store.getPosition()).toEqual({ latitude: 50.8, longitude: 8.77 });
    device.moveTo(50.81, 8.771);
    expect(store.getPosition()).toEqual({ latitude: 50.81, longitude: 8.771 });
    device.moveTo(50.81, 8.771);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it("watches once for all listeners and stops with the last one", () => {
    const device = fakeGeolocation();
    const store = createGeolocationStore(device.geolocation);
    const first = store.subscribe(() => {});
    const second = store.subscribe(() => {});
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(1);
    first();
    expect(device.watches.size).toBe(1);
    second();
    expect(device.watches.size).toBe(0);
    store.subscribe(() => {});
    expect(device.geolocation.watchPosition).toHaveBeenCalledTimes(2);
  });

  it("on failure only emits an event and keeps no position", () => {
    const device = fakeGeolocation();
    const emitted = vi.fn();
    window.addEventListener(geolocationErrorEvent, emitted);
    const store = createGeolocationStore(device.geolocation);
    store.subscribe(() => {});
    device.fail("timeout");
    window.removeEventListener(geolocationErrorEvent, emitted);
    expect(emitted).toHaveBeenCalledTimes(1);
    expect(store.getPosition()).toBeNull();
  });

  it("without geolocation stays without a position", () => {
    const store = createGeolocationStore(undefined);
    store.subscribe(() => {})();
    expect(store.getPosition()).toBeNull();
  });
});
