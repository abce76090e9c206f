import { playerStatusSchema } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import type { ContentPack, Station } from "../content/model";
import { buildPlayerStatus } from "./player-status";

function station(id: number, changes: Partial<Station> = {}): Station {
  return {
    id,
    name: `station-${id}`,
    character: "Lena",
    latitude: 50.8,
    longitude: 8.77,
    points: 3,
    group: "Oberstadt",
    view: "station",
    style: "game-station",
    visible: true,
    live: true,
    texts: { de: { title: `Station ${id}`, desc: "" } },
    scripts: { de: "{}" },
    dir: `/pack/stations/${id}`,
    ...changes,
  };
}

const pack: ContentPack = {
  id: "marburg",
  title: { de: "Marburg" },
  defaultLanguage: "de",
  settings: {
    apiVersion: 1,
    allowTeams: false,
    registrationLess: false,
    debug: false,
    stationDistanceThreshold: 3000,
    allowGeolocation: true,
    allowSortbyDistance: true,
  },
  texts: { rejection: { de: "Nein." } },
  stations: [
    station(1),
    station(2, { points: 2, visible: "secret", view: "main", style: "plain" }),
    station(3, { live: false }),
  ],
  dir: "/pack",
};

describe("buildPlayerStatus", () => {
  it("lists every station of the pack, unplayed, for a new player", () => {
    const status = playerStatusSchema.parse(buildPlayerStatus(pack, 0, [], false));
    expect(status).toMatchObject({
      ActiveStations: [],
      CurrentStation: 0,
      CurrentStory: 0,
      TotalPoints: 0,
      HasTeam: false,
      Stories: {},
    });
    expect(Object.keys(status.Stations)).toEqual(["1", "2", "3"]);
    expect(status.Stations["1"]).toEqual({
      Name: "station-1",
      Live: true,
      Latitude: 50.8,
      Longitude: 8.77,
      Points: 0,
      MaxPoints: 3,
      Distance: null,
      GroupName: "Oberstadt",
      GameState: { Done: false, Played: false, Visible: true },
      DisplayHint: { Style: "game-station", View: "station" },
    });
    expect(status.Stations["2"]).toMatchObject({
      GameState: { Visible: "secret" },
      DisplayHint: { Style: "plain", View: "main" },
    });
    expect(status.Stations["3"]?.Live).toBe(false);
  });

  it("counts points of done stations only and marks what was played", () => {
    const status = buildPlayerStatus(
      pack,
      2,
      [
        { stationId: 1, status: "done", points: 3 },
        { stationId: 2, status: "active", points: 1 },
        { stationId: 3, status: "cancelled", points: 2 },
      ],
      false,
    );
    expect(status.CurrentStation).toBe(2);
    expect(status.ActiveStations).toEqual([2]);
    expect(status.TotalPoints).toBe(3);
    expect(status.Stations["1"]).toMatchObject({
      Points: 3,
      GameState: { Done: true, Played: true },
    });
    expect(status.Stations["2"]).toMatchObject({
      Points: 0,
      GameState: { Done: false, Played: true },
    });
    expect(status.Stations["3"]).toMatchObject({
      Points: 0,
      GameState: { Done: false, Played: true },
    });
  });

  it("says whether the participant is a team", () => {
    expect(buildPlayerStatus(pack, 0, [], true).HasTeam).toBe(true);
  });
});
