import { describe, expect, it } from "vitest";
import type { StationView } from "@wegmarke/protocol";
import { playerStatus, station } from "../test/fixtures";
import { remainingStations, viewList, viewsWithEntries } from "./view-list";

const of = (View: StationView, overrides: Parameters<typeof station>[0] = {}) =>
  station({ DisplayHint: { Style: "plain", View }, ...overrides });
const secret = { Done: false, Played: false, Visible: "secret" as const };
const done = { Done: true, Played: true, Visible: true };

const status = playerStatus({
  Stations: {
    "1": station({ Name: "b-station" }),
    "2": station({ Name: "a-station" }),
    "10": of("main", { Name: "b-spiel" }),
    "11": of("main", { Name: "a-spiel", GameState: done }),
    "12": of("main", { Name: "c-geheim", GameState: secret }),
    "20": of("archive", { Name: "a-archiv" }),
    "22": of("archive", { Name: "b-archiv" }),
    "21": of("archive", { Name: "c-archiv", GameState: secret }),
    "30": of("email", { Name: "z-brief" }),
    "32": of("email", { Name: "a-brief", GameState: done }),
    "31": of("email", { Name: "m-brief" }),
    "41": of("custom", { Name: "z-eintrag" }),
    "40": of("custom", { Name: "a-eintrag" }),
    "42": of("custom", { Name: "m-eintrag", Live: false }),
    "51": of("story", { Name: "b-kapitel" }),
    "50": of("story", { Name: "a-kapitel", GameState: { ...done, Visible: false } }),
  },
});

const ids = (view: StationView) => viewList(status, view, null, false).map(({ id }) => id);

describe("lists", () => {
  it("a station shows in a view only if its view equals the route slug", () => {
    expect(ids("station")).toEqual([2, 1]);
    for (const view of ["main", "archive", "email", "custom", "story"] as const) {
      for (const { station: listed } of viewList(status, view, null, false)) {
        expect(listed.DisplayHint.View).toBe(view);
      }
    }
  });

  it("the main list hides secret stations, keeps done ones, sorted by name", () => {
    expect(ids("main")).toEqual([11, 10]);
  });

  it("archive and email lists are sorted by station id descending", () => {
    expect(ids("archive")).toEqual([22, 21, 20]);
    expect(ids("email")).toEqual([32, 31, 30]);
  });

  it("the custom list is sorted by station id ascending", () => {
    expect(ids("custom")).toEqual([40, 41]);
  });

  it("lists show live and visible stations only; secret counts as visible", () => {
    expect(ids("custom")).not.toContain(42);
    expect(ids("story")).toEqual([51]);
    expect(ids("archive")).toEqual([22, 21, 20]);
  });

  it("marks running stations in every list", () => {
    const playing = { ...status, CurrentStation: 31, ActiveStations: [31] };
    expect(viewList(playing, "email", null, false).find(({ id }) => id === 31)?.running).toBe(true);
  });

  it("is empty before the first player status", () => {
    expect(viewList(null, "main", null, false)).toEqual([]);
  });

  it("offers the views other than station that have entries", () => {
    expect(viewsWithEntries(status)).toEqual(["main", "story", "archive", "custom", "email"]);
    expect(viewsWithEntries(playerStatus())).toEqual([]);
  });
});

describe("what is left beyond the station list", () => {
  const finished = { Done: true, Played: true, Visible: true };
  const game = (overrides: Record<string, Parameters<typeof station>[0]> = {}) =>
    playerStatus({
      Stations: {
        "1": station({ GameState: finished }),
        "2": station({ Name: "schloss", GameState: finished }),
        "4": of("email", { Name: "brief" }),
        "5": of("main", { Name: "uni" }),
        "6": station({ Name: "kapelle", GameState: secret }),
        "7": of("archive", { Name: "turm", GameState: finished }),
        "8": of("custom", { Name: "bruecke", Live: false }),
        "9": of("story", { Name: "kirche", GameState: { ...secret, Visible: false } }),
        ...Object.fromEntries(Object.entries(overrides).map(([id, o]) => [id, station(o)])),
      },
    });

  it("names the other views with stations not done, in the footer's order, and counts them", () => {
    const status = game({ "41": { Name: "b", DisplayHint: { Style: "plain", View: "email" } } });
    expect(remainingStations(status)).toEqual({
      views: [
        { view: "main", open: 1 },
        { view: "email", open: 2 },
      ],
      hidden: 1,
      allDone: false,
    });
  });

  it("counts a secret station no list shows, and is all done only without it", () => {
    const onlySecret = game({
      "4": { ...of("email"), GameState: finished },
      "5": { ...of("main"), GameState: finished },
    });
    expect(remainingStations(onlySecret)).toEqual({ views: [], hidden: 1, allDone: false });
    const everything = game({
      "4": { ...of("email"), GameState: finished },
      "5": { ...of("main"), GameState: finished },
      "6": { GameState: { ...finished, Visible: "secret" } },
    });
    expect(remainingStations(everything)).toEqual({ views: [], hidden: 0, allDone: true });
  });

  it("lists secret entries of the views that show them, and leaves out hidden and dead ones", () => {
    const status = game({ "30": of("archive", { Name: "blatt", GameState: secret }) });
    expect(remainingStations(status).views).toContainEqual({ view: "archive", open: 1 });
    expect(remainingStations(status).views.map(({ view }) => view)).not.toContain("custom");
    expect(remainingStations(status).views.map(({ view }) => view)).not.toContain("story");
  });

  it("is nothing, and not all done, without a status or without stations", () => {
    expect(remainingStations(null)).toEqual({ views: [], hidden: 0, allDone: false });
    expect(remainingStations(playerStatus({ Stations: {} })).allDone).toBe(false);
  });
});
