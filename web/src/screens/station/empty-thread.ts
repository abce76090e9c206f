import type { StationStatus } from "@wegmarke/protocol";

/** What the empty thread of a station says: how this station starts (station.yaml `trigger`). */
export function emptyThreadKey(trigger: StationStatus["Trigger"]) {
  switch (trigger) {
    case "qr":
      return "messages.emptyQr";
    case "near":
      return "messages.emptyNear";
    case "qr-or-near":
      return "messages.emptyQrOrNear";
    default:
      return "messages.empty";
  }
}
