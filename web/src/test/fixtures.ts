import type { PlayerStatus, ServerEvent, ServerEventMap, StationStatus } from "@wegmarke/protocol";

/** Builders for stream events and player status in unit tests. */

export function station(overrides: Partial<StationStatus> = {}): StationStatus {
  return {
    Name: "marktplatz",
    Live: true,
    Latitude: 50.80953,
    Longitude: 8.76998,
    Points: 0,
    MaxPoints: 3,
    Distance: null,
    GroupName: "Oberstadt",
    GameState: { Done: false, Played: false, Visible: true },
    DisplayHint: { Style: "game-station", View: "station" },
    ...overrides,
  };
}

export function playerStatus(overrides: Partial<PlayerStatus> = {}): PlayerStatus {
  return {
    ActiveStations: [],
    CurrentStation: 0,
    CurrentStory: 0,
    TotalPoints: 0,
    HasTeam: false,
    Stations: {
      "1": station(),
      "2": station({ Name: "schloss", Latitude: 50.81041, Longitude: 8.7668 }),
    },
    Stories: {},
    ...overrides,
  };
}

export function event<K extends keyof ServerEventMap>(
  type: K,
  data: ServerEventMap[K],
  id: number | null,
): ServerEvent {
  return { id, type, data } as ServerEvent;
}

export const t0 = Date.parse("2025-05-01T10:00:00Z");

export function text(
  id: number,
  stationId: number,
  Text: string,
  { Originator = "Lena", at = t0 }: { Originator?: string; at?: number } = {},
): ServerEvent {
  return event(
    "webtext",
    { StationID: stationId, Originator, Text, Timestamp: new Date(at).toISOString() },
    id,
  );
}
