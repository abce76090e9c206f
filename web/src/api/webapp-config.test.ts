import { afterEach, describe, expect, it, vi } from "vitest";
import { gameReducer, nextDueAt } from "../game/game-reducer";
import { initialPlayState, timingOf } from "../game/play-state";
import { nearestStation, stationList } from "../game/station-list";
import { event, playerStatus, station, t0, text } from "../test/fixtures";
import { testConfig } from "../test/render-app";
import { optinAnonymous } from "./account-api";
import { configDefaults, webAppConfigWithDefaults } from "./webapp-config";

/** A config.json that names only what has no default (spec 9). */
const withoutDefaults = Object.fromEntries(
  Object.entries(testConfig).filter(([key]) => !Object.hasOwn(configDefaults, key)),
);
const defaults = webAppConfigWithDefaults.parse(withoutDefaults);

// One degree of latitude is 111194.93 m (R = 6371000 m).
const metresNorth = (metres: number) => ({ latitude: metres / 111194.93, longitude: 0 });

afterEach(() => vi.unstubAllGlobals());

describe("a config.json without spec 9's settings", () => {
  it("types a text at 15 ms a character, at most the 5000 ms unread delay, a recommendation in 5000 ms", () => {
    const received = (e: ReturnType<typeof text>) =>
      gameReducer(initialPlayState(timingOf(defaults)), {
        type: "server-event",
        event: e,
        receivedAt: t0,
      });
    expect(nextDueAt(received(text(1, 1, "Hallo!")))).toBe(t0 + 6 * 15);
    expect(nextDueAt(received(text(1, 1, "x".repeat(400))))).toBe(t0 + 5000);
    const tip = event(
      "webtext-recommendation",
      {
        StationID: 1,
        Originator: "Lena",
        Text: "Kurz",
        Timestamp: new Date(t0).toISOString(),
        RecommendationID: "r1",
      },
      1,
    );
    expect(nextDueAt(received(tip))).toBe(t0 + 5000);
  });

  it("offers home's nearby station only closer than 3000 m", () => {
    const status = playerStatus({ Stations: { "1": station({ Latitude: 0, Longitude: 0 }) } });
    const nearby = (metres: number) =>
      nearestStation(status, metresNorth(metres), defaults.stationDistanceThreshold);
    expect(nearby(2990)?.id).toBe(1);
    expect(nearby(3010)).toBeNull();
  });

  it("sorts the station list by distance: geolocation and sorting by distance are allowed", () => {
    const status = playerStatus({
      Stations: {
        "1": station({ Name: "a-fern", Latitude: 0.02, Longitude: 0 }),
        "2": station({ Name: "b-nah", Latitude: 0.01, Longitude: 0 }),
      },
    });
    const sorted = defaults.allowGeolocation && defaults.allowSortbyDistance;
    expect(stationList(status, metresNorth(0), sorted).map(({ id }) => id)).toEqual([2, 1]);
  });

  it("registers anonymously the API version 1 way: one call, without asking for a token", async () => {
    const urls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string) => {
        urls.push(url);
        return Response.json({ value: "token-1" });
      }),
    );
    expect(await optinAnonymous({ ...defaults, language: "de" })).toBe("token-1");
    expect(urls).toEqual(["/api/account/player/optin/anon"]);
  });

  it("takes the game pack's own settings over the defaults", () => {
    const pack = webAppConfigWithDefaults.parse({
      ...withoutDefaults,
      apiVersion: 2,
      unreadMessageDelayMs: 2000,
      stationDistanceThreshold: 500,
      allowSortbyDistance: false,
    });
    expect(pack).toMatchObject({
      apiVersion: 2,
      unreadMessageDelayMs: 2000,
      stationDistanceThreshold: 500,
      allowSortbyDistance: false,
    });
  });
});
