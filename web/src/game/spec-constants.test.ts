import { describe, expect, it } from "vitest";
import { playerStatus, station } from "../test/fixtures";
import { nearestStation } from "./station-list";

// One degree of latitude is 111194.93 m (R = 6371000 m).
const metresNorth = (metres: number) => ({ latitude: metres / 111194.93, longitude: 0 });

describe("spec 9 constants", () => {
  it("stationDistanceThreshold 3000: the nearest station must be closer than it", () => {
    const status = playerStatus({ Stations: { "1": station({ Latitude: 0, Longitude: 0 }) } });
    expect(nearestStation(status, metresNorth(2990), 3000)?.id).toBe(1);
    expect(nearestStation(status, metresNorth(3010), 3000)).toBeNull();
  });
});
