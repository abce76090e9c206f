import type { ContentPack } from "../../src/content/model";

/**
 * A content pack for unit tests, in memory: the game "marburg" in German with the usual
 * settings and no stations; `changes` gives it the stations and whatever else a test needs.
 */
export function testPack(changes: Partial<ContentPack> = {}): ContentPack {
  return {
    id: "marburg",
    title: { de: "Marburg" },
    defaultLanguage: "de",
    settings: {
      apiVersion: 1,
      teams: "off",
      registrationLess: false,
      debug: false,
      stationDistanceThreshold: 3000,
      allowGeolocation: true,
      allowSortbyDistance: true,
    },
    texts: { rejection: { de: "Nein." } },
    stations: [],
    dir: "/pack",
    ...changes,
  };
}
