import type { PlayerStatus, StationStatus } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import type { StationRunRow } from "../store/station-run-repository";

export type RunOutcome = Pick<StationRunRow, "stationId" | "status" | "points">;

/** The participant's `playerstatus` (spec section 7) from the pack and its station runs. */
export function buildPlayerStatus(
  pack: ContentPack,
  currentStation: number,
  runs: RunOutcome[],
  hasTeam: boolean,
): PlayerStatus {
  const runOf = new Map(runs.map((run) => [run.stationId, run]));
  const stations: Record<string, StationStatus> = {};
  for (const station of pack.stations) {
    const run = runOf.get(station.id);
    const done = run?.status === "done";
    stations[String(station.id)] = {
      Name: station.name,
      Live: station.live,
      Latitude: station.latitude,
      Longitude: station.longitude,
      Points: done ? run.points : 0,
      MaxPoints: station.points,
      // The server does not know where the player is; the app measures from geolocation.
      Distance: null,
      GroupName: station.group,
      GameState: { Done: done, Played: run !== undefined, Visible: station.visible },
      DisplayHint: { Style: station.style, View: station.view },
    };
  }
  return {
    ActiveStations: runs.filter((run) => run.status === "active").map((run) => run.stationId),
    CurrentStation: currentStation,
    CurrentStory: 0,
    TotalPoints: runs.reduce((sum, run) => sum + (run.status === "done" ? run.points : 0), 0),
    HasTeam: hasTeam,
    Stations: stations,
    Stories: {},
  };
}
