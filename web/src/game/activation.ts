import type { PlayerStatus } from "@wegmarke/protocol";

/** Starting a station: directly, or as a switch that first cancels the current one. */
type Activation = { kind: "activate" } | { kind: "switch"; currentStation: number };

export function activationFor(status: PlayerStatus | null, stationId: number): Activation {
  const current = status?.CurrentStation ?? 0;
  if (current >= 1 && current !== stationId) return { kind: "switch", currentStation: current };
  return { kind: "activate" };
}
