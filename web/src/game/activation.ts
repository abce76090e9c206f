import type { PlayerStatus } from "@wegmarke/protocol";
import { stationById } from "./station-flags";

/** Starting a station: directly, or as a switch that first cancels the current one. */
type Activation = { kind: "activate" } | { kind: "switch"; currentStation: number };

export function activationFor(status: PlayerStatus | null, stationId: number): Activation {
  const current = status?.CurrentStation ?? 0;
  if (current >= 1 && current !== stationId) return { kind: "switch", currentStation: current };
  return { kind: "activate" };
}

/**
 * Whether starting the station sends the device's position: only for stations that open at
 * their place (`near`, `qr-or-near`), whose start the server checks by it; any other start
 * leaves the position on the device (the privacy notice says so).
 */
export function sendsPosition(status: PlayerStatus | null, stationId: number): boolean {
  const trigger = stationById(status, stationId)?.Trigger;
  return trigger === "near" || trigger === "qr-or-near";
}
