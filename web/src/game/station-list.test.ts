import { describe, expect, it } from "vitest";
import { playerStatus, station } from "../test/fixtures";
import { activationFor } from "./activation";
import { isAvailable, isRunning, isVisible } from "./station-flags";
import { arrivedStation, nearestStation, stationList } from "./station-list";

const here = { latitude: 50.81041, longitude: 8.7668 }; // at the castle

const status = playerStatus({
  Stations: {
    "1": station({ Name: "a-marktplatz" }),
    "2": station({ Name: "b-schloss", Latitude: 50.81041, Longitude: 8.7668 }),
    "3": station({ Name: "c-kirche", Latitude: 50.81528, Longitude: 8.77067 }),
    "4": station({ Name: "d-erledigt", GameState: { Done: true, Played: true } }),
    "5": station({
      Name: "e-geheim",
      GameState: { Done: false, Played: false, Visible: "secret" },
    }),
    "6": station({
      Name: "f-versteckt",
      GameState: { Done: false, Played: false, Visible: false },
    }),
    "7": station({ Name: "g-offline", Live: false }),
    "8": station({ Name: "h-andere", DisplayHint: { Style: "game-station", View: "main" } }),
  },
});

const ids = (list: { id: number }[]) => list.map(({ id }) => id);

describe("station list", () => {
  it("hides done, secret, invisible, offline stations and those of other views, sorted by name", () => {
    expect(ids(stationList(status, null, false))).toEqual([1, 2, 3]);
  });

  it("sorts by distance when geolocation gives a position and sorting by distance is allowed", () => {
    expect(ids(stationList(status, here, true))).toEqual([2, 1, 3]);
    expect(ids(stationList(status, here, false))).toEqual([1, 2, 3]);
  });

  it("puts the current station first", () => {
    const playing = { ...status, CurrentStation: 3, ActiveStations: [3] };
    const list = stationList(playing, here, true);
    expect(ids(list)).toEqual([3, 2, 1]);
    expect(list[0]?.running).toBe(true);
  });

  it("measures the distance from the device, else takes the server's", () => {
    expect(stationList(status, here, false)[1]?.distance).toBe(0);
    const measured = playerStatus({ Stations: { "1": station({ Distance: 420 }) } });
    expect(stationList(measured, null, false)[0]?.distance).toBe(420);
  });
});

describe("nearest station", () => {
  it("is the nearest station closer than the threshold that is not done", () => {
    expect(nearestStation(status, here, 3000)?.id).toBe(2);
  });

  it("is none without a position or beyond the threshold", () => {
    expect(nearestStation(status, null, 3000)).toBeNull();
    const far = { latitude: 52.52, longitude: 13.405 };
    expect(nearestStation(status, far, 3000)).toBeNull();
  });

  it("takes the server's distance when the device has no position", () => {
    const measured = playerStatus({ Stations: { "1": station({ Distance: 420 }) } });
    expect(nearestStation(measured, null, 3000)?.id).toBe(1);
    expect(nearestStation(measured, null, 400)).toBeNull();
  });

  it("is not the current station", () => {
    expect(nearestStation({ ...status, CurrentStation: 2 }, here, 3000)?.id).toBe(1);
  });
});

describe("station flags", () => {
  it("visible is true without a game state value, else the boolean or true for shown and secret", () => {
    expect(isVisible(station({ GameState: undefined }))).toBe(true);
    expect(isVisible(station({ GameState: { Done: false, Played: false } }))).toBe(true);
    expect(
      isVisible(station({ GameState: { Done: false, Played: false, Visible: "shown" } })),
    ).toBe(true);
    expect(
      isVisible(station({ GameState: { Done: false, Played: false, Visible: "secret" } })),
    ).toBe(true);
    expect(isVisible(station({ GameState: { Done: false, Played: false, Visible: false } }))).toBe(
      false,
    );
  });

  it("a secret station is available by link, an invisible one is not", () => {
    expect(isAvailable(status, 5, "station")).toBe(true);
    expect(isAvailable(status, 6, "station")).toBe(false);
    expect(isAvailable(status, 8, "station")).toBe(false);
    expect(isAvailable(status, 99, "station")).toBe(false);
  });

  it("a done station is not running", () => {
    expect(isRunning({ ...status, CurrentStation: 4, ActiveStations: [4] }, 4)).toBe(false);
  });
});

describe("activation", () => {
  it("activating another station than the current one is a switch", () => {
    expect(activationFor({ ...status, CurrentStation: 1 }, 2)).toEqual({
      kind: "switch",
      currentStation: 1,
    });
  });

  it("activating with no current station, or the current one, activates directly", () => {
    expect(activationFor(status, 2)).toEqual({ kind: "activate" });
    expect(activationFor({ ...status, CurrentStation: 2 }, 2)).toEqual({ kind: "activate" });
  });
});

describe("arrival at a station that opens near its place", () => {
  /** About 111 m north per 0.001° of latitude. */
  const north = (metres: number, accuracy?: number) => ({
    latitude: 50.8083 + metres / 111_195,
    longitude: 8.7717,
    ...(accuracy !== undefined && { accuracy }),
  });
  const steinweg = { Latitude: 50.8083, Longitude: 8.7717 };
  const near = playerStatus({
    Stations: {
      "1": station({ Name: "a-list", ...steinweg }),
      "2": station({ Name: "b-near", ...steinweg, Trigger: "near", Radius: 40 }),
      "3": station({
        Name: "c-either",
        Latitude: 50.8093,
        Longitude: 8.7717,
        Trigger: "qr-or-near",
      }),
      "4": station({ Name: "d-code", ...steinweg, Trigger: "qr" }),
    },
  });

  it("is the near station whose radius the player stands in, the accuracy counted up to 50 m", () => {
    expect(arrivedStation(near, north(39))?.id).toBe(2);
    expect(arrivedStation(near, north(41))).toBeNull();
    expect(arrivedStation(near, north(-60, 25))?.id).toBe(2);
    // A fix of a kilometre counts as 50 m: 100 m south is still too far.
    expect(arrivedStation(near, north(-100, 1000))).toBeNull();
    expect(arrivedStation(near, null)).toBeNull();
  });

  it("takes the pack's default radius of 40 m, and not the current or a done station", () => {
    // Station 3 lies 111 m north of the others, with no radius given.
    expect(arrivedStation(near, north(111 - 35))?.id).toBe(3);
    expect(arrivedStation({ ...near, CurrentStation: 2 }, north(0))).toBeNull();
    const done = playerStatus({
      Stations: {
        "2": station({ ...steinweg, Trigger: "near", GameState: { Done: true, Played: true } }),
      },
    });
    expect(arrivedStation(done, north(0))).toBeNull();
  });

  it("is home's nearby station before any nearer list station", () => {
    // Station 1 (no trigger) lies exactly where the player is; the near station is 30 m off.
    expect(nearestStation(near, north(0), 3000)?.id).toBe(2);
    expect(nearestStation(near, north(45), 3000)?.id).toBe(1);
  });
});
