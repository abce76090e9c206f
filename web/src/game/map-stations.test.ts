import { describe, expect, it } from "vitest";
import { playerStatus, station } from "../test/fixtures";
import { mapStations, stationBounds } from "./map-stations";

const status = playerStatus({
  CurrentStation: 3,
  ActiveStations: [3],
  Stations: {
    "1": station({ Name: "a-neu", Latitude: 50.8095, Longitude: 8.77 }),
    "2": station({ Name: "b-erledigt", GameState: { Done: true, Played: true } }),
    "3": station({ Name: "c-laeuft", Latitude: 50.8153, Longitude: 8.7707 }),
    "4": station({
      Name: "d-geheim",
      GameState: { Done: false, Played: false, Visible: "secret" },
    }),
    "5": station({
      Name: "e-geheim-gespielt",
      GameState: { Done: false, Played: true, Visible: "secret" },
    }),
    "6": station({
      Name: "f-geheim-erledigt",
      GameState: { Done: true, Played: true, Visible: "secret" },
    }),
    "7": station({
      Name: "g-versteckt",
      GameState: { Done: false, Played: false, Visible: false },
    }),
    "8": station({ Name: "h-offline", Live: false }),
    "9": station({ Name: "i-andere", DisplayHint: { Style: "game-station", View: "main" } }),
    "10": station({
      Name: "j-gezeigt",
      GameState: { Done: false, Played: false, Visible: "shown" },
    }),
  },
});

/** Every station found but the secret station 4. */
const found = (id: number) => id !== 4;
const all = () => true;

const states = (list: { id: number; state: string }[]) => list.map(({ id, state }) => [id, state]);

describe("map stations", () => {
  it("shows the stations of every view by state, done ones too, by name", () => {
    expect(states(mapStations(status, null, found))).toEqual([
      [1, "new"],
      [2, "done"],
      [3, "running"],
      [5, "new"],
      [6, "done"],
      [9, "new"],
      [10, "new"],
    ]);
  });

  it("shows a secret station only once found", () => {
    expect(mapStations(status, null, found).map(({ id }) => id)).not.toContain(4);
    expect(states(mapStations(status, null, all))).toContainEqual([4, "new"]);
  });

  it("measures from the player and is empty without a status", () => {
    const here = { latitude: 50.8095, longitude: 8.77 };
    expect(mapStations(status, here, all)[0]?.distance).toBe(0);
    expect(mapStations(null, here, all)).toEqual([]);
  });

  it("bounds the stations and the player", () => {
    const list = mapStations(status, null, all).filter(({ id }) => id === 1 || id === 3);
    expect(stationBounds(list, { latitude: 50.8, longitude: 8.78 })).toEqual([
      [50.8, 8.77],
      [50.8153, 8.78],
    ]);
    expect(stationBounds([], null)).toBeNull();
  });
});
