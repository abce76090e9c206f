import type { StationStatus, StationView } from "@wegmarke/protocol";
import { isDone } from "./station-flags";

/** What opening a station's detail view does by itself (spec 4). */
export type OpeningAction = "none" | "activate" | "restart";

/** Views whose stations start by being opened: they have no start button of their own. */
const activateOnOpen: readonly StationView[] = ["custom", "email", "story"];

/**
 * - A main station that is active but has no messages (neither shown nor still being typed)
 *   is cancelled and activated again, so that its conversation starts over.
 * - Custom, email and story stations activate on opening when they are not done (and not
 *   running already).
 */
export function openingAction(
  view: StationView,
  station: StationStatus,
  running: boolean,
  messageCount: number,
): OpeningAction {
  if (view === "main") return running && messageCount === 0 ? "restart" : "none";
  if (activateOnOpen.includes(view) && !isDone(station) && !running) return "activate";
  return "none";
}

/**
 * The views whose stations start by the player's button (spec 2: main and station). Archive
 * entries too: the spec neither starts them by opening nor names another way.
 */
export function hasStationActions(view: StationView): boolean {
  return view === "station" || view === "main" || view === "archive";
}

/**
 * What the detail view of `view` says instead of `station`: that a host closed it for the
 * player, spec 8's "unavailable" text when it is `missing` here, else that it is not found yet.
 */
export function unavailableLine(
  station: StationStatus | undefined,
  view: StationView,
  missing: boolean,
): ReturnType<typeof unavailableKey> | "unavailable.closed" | "unavailable.notFound" {
  if (station?.GameState?.Closed === true) return "unavailable.closed";
  return missing ? unavailableKey(view) : "unavailable.notFound";
}

/** Spec 8's "unavailable" text for a detail view of each kind. */
export function unavailableKey(
  view: StationView,
): "unavailable.station" | "unavailable.entry" | "unavailable.message" | "unavailable.generic" {
  switch (view) {
    case "station":
    case "main":
      return "unavailable.station";
    case "archive":
    case "custom":
      return "unavailable.entry";
    case "email":
      return "unavailable.message";
    case "story":
      return "unavailable.generic";
  }
}
