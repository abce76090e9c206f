import type { PlayerStatus, StationStatus, StationStyle, StationView } from "@wegmarke/protocol";

/** A station of the player status together with its id. */
export type StationEntry = { id: number; station: StationStatus };

export function stationById(status: PlayerStatus | null, id: number): StationStatus | undefined {
  return status?.Stations[String(id)];
}

/** Done as the station's game state says. */
export function isDone(station: StationStatus): boolean {
  return station.GameState?.Done === true;
}

/** Played (started at some time) as the station's game state says. */
export function isPlayed(station: StationStatus): boolean {
  return station.GameState?.Played === true;
}

/** Visible unless the game state says false; `shown` and `secret` count as visible. */
export function isVisible(station: StationStatus): boolean {
  const visible = station.GameState?.Visible;
  return visible === undefined || visible === true || visible === "shown" || visible === "secret";
}

/** Secret stations are reachable by link but never listed. */
export function isSecret(station: StationStatus): boolean {
  return station.GameState?.Visible === "secret";
}

/** game-station unless the station says otherwise (or is not known yet). */
export function stationStyle(status: PlayerStatus | null, id: number): StationStyle {
  return stationById(status, id)?.DisplayHint.Style ?? "game-station";
}

/** Running: the current station or one of the active ones, and not done. */
export function isRunning(status: PlayerStatus | null, id: number): boolean {
  const station = stationById(status, id);
  if (status === null || station === undefined || isDone(station)) return false;
  return status.CurrentStation === id || status.ActiveStations.includes(id);
}

/** Live and visible stations of a view, sorted by name. */
export function displayedStations(status: PlayerStatus | null, view: StationView): StationEntry[] {
  if (status === null) return [];
  return Object.entries(status.Stations)
    .map(([id, station]) => ({ id: Number(id), station }))
    .filter(
      ({ station }) => station.Live && isVisible(station) && station.DisplayHint.View === view,
    )
    .sort((a, b) => a.station.Name.localeCompare(b.station.Name));
}

/** A station the detail view of `view` may show: live, visible (secret too) and of that view. */
export function isAvailable(status: PlayerStatus | null, id: number, view: StationView): boolean {
  const station = stationById(status, id);
  return (
    station !== undefined && station.Live && isVisible(station) && station.DisplayHint.View === view
  );
}
