import { playerStatusSchema } from "@wegmarke/protocol";
import { describe, expect, it } from "vitest";
import type { Station, Story } from "../content/model";
import { buildPlayerStatus, stationsWithPoints } from "./player-status";
import type { ParticipantState } from "./player-status";
import { testPack } from "../../test/support/test-pack";

function station(id: number, changes: Partial<Station> = {}): Station {
  return {
    id,
    name: `station-${id}`,
    character: { de: "Lena" },
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

const pack = testPack({
  stations: [
    station(1),
    station(2, { points: 2, visible: "secret", view: "main", style: "plain" }),
    station(3, { live: false }),
  ],
});

function state(changes: Partial<ParticipantState> = {}): ParticipantState {
  return {
    currentStation: 0,
    currentStory: 0,
    runs: [],
    doneStories: [],
    hasTeam: false,
    ...changes,
  };
}

describe("buildPlayerStatus", () => {
  it("lists every station of the pack, unplayed, for a new player", () => {
    const status = playerStatusSchema.parse(buildPlayerStatus(pack, state()));
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
      state({
        currentStation: 2,
        runs: [
          { stationId: 1, status: "done", points: 3 },
          { stationId: 2, status: "active", points: 1 },
          { stationId: 3, status: "cancelled", points: 2 },
        ],
      }),
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

  it("adds a host's awards to the total, says them apart, and never goes below 0", () => {
    const runs = [{ stationId: 1, status: "done" as const, points: 3 }];
    const awarded = buildPlayerStatus(pack, state({ runs, awarded: 4 }));
    expect(awarded).toMatchObject({ TotalPoints: 7, Awarded: 4 });
    expect(buildPlayerStatus(pack, state({ runs, awarded: -5 }))).toMatchObject({
      TotalPoints: 0,
      Awarded: -5,
    });
    const none = buildPlayerStatus(pack, state({ runs, awarded: 0 }));
    expect(none.TotalPoints).toBe(3);
    expect("Awarded" in none).toBe(false);
    expect(playerStatusSchema.parse(awarded)).toEqual(awarded);
  });

  it("hides a station a host closed, whatever the pack says, and counts no points for it", () => {
    const runs = [
      { stationId: 1, status: "closed" as const, points: 3 },
      { stationId: 2, status: "closed" as const, points: 0 },
    ];
    const status = playerStatusSchema.parse(buildPlayerStatus(pack, state({ runs })));
    expect(status.Stations["1"]?.GameState).toEqual({
      Done: false,
      Played: true,
      Visible: false,
      Closed: true,
    });
    expect(status.Stations["2"]?.GameState?.Visible).toBe(false);
    expect(status.Stations["3"]?.GameState).toEqual({ Done: false, Played: false, Visible: true });
    expect(status.TotalPoints).toBe(0);
    expect(status.ActiveStations).toEqual([]);
  });

  it("says whether the participant is a team", () => {
    expect(buildPlayerStatus(pack, state({ hasTeam: true })).HasTeam).toBe(true);
  });

  it("lists every story with its live flag, marks the opened ones done and names the current", () => {
    const status = buildPlayerStatus(
      { ...pack, stories: [story(1), story(2), story(3, false)] },
      state({ currentStory: 2, doneStories: [1, 2] }),
    );
    expect(status.CurrentStory).toBe(2);
    expect(status.Stories).toEqual({
      "1": { Name: "story-1", Done: true, Live: true },
      "2": { Name: "story-2", Done: true, Live: true },
      "3": { Name: "story-3", Done: false, Live: false },
    });
  });
});

describe("stationsWithPoints", () => {
  it("counts finished stations that awarded points", () => {
    expect(
      stationsWithPoints([
        { stationId: 1, status: "done", points: 3 },
        { stationId: 2, status: "done", points: 0 },
        { stationId: 3, status: "active", points: 2 },
        { stationId: 4, status: "done", points: 1 },
      ]),
    ).toBe(2);
  });
});

function story(id: number, live = true): Story {
  return {
    id,
    name: `story-${id}`,
    live,
    chapter: { de: `Kapitel ${id}` },
    headline: { de: `Geschichte ${id}` },
    text: { de: "…" },
    requiredPoints: id - 1,
    dir: `/pack/stories/${id}`,
  };
}
