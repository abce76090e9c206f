import { createHmac } from "node:crypto";
import { ErrorReason, NEAR_ACCURACY_ALLOWANCE_M } from "@wegmarke/protocol";
import type { PositionRequest } from "@wegmarke/protocol";
import type { Station } from "../content/model";
import { stationRadius } from "../content/model";
import { ServiceError } from "../errors";

/**
 * Where a station opens (station.yaml `trigger`, docs/decisions/023-station-codes.md): the
 * check of an activation against the station's trigger, and the codes of the QR links.
 */

/** How the activation came: from the list (or a detail view), or through the station's code. */
export type ActivationVia = "list" | "code";

const EARTH_RADIUS_M = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle (haversine) distance in metres. */
export function distanceMetres(
  a: { latitude: number; longitude: number },
  b: { latitude: number; longitude: number },
): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * The whole metres the player still has to go towards the station: 0 within its radius, where
 * the reported accuracy counts towards the player up to NEAR_ACCURACY_ALLOWANCE_M: a phone indoors
 * or with a poor fix reports hundreds of metres, and counting all of it would open a `near`
 * station from streets away, counting none would refuse a player standing at the place.
 */
export function metresToGo(station: Station, position: PositionRequest): number {
  const distance = distanceMetres(
    { latitude: position.Latitude, longitude: position.Longitude },
    station,
  );
  const allowance = Math.min(position.Accuracy ?? 0, NEAR_ACCURACY_ALLOWANCE_M);
  return Math.max(0, Math.ceil(distance - allowance - stationRadius(station)));
}

/**
 * Throws the 403 the app shows when the station does not open this way: `station code required`
 * (a `qr` station from the list), `position required` or `too far: <metres>` (a `near` one, or a
 * `qr-or-near` one from the list). A code opens `qr` and `qr-or-near` stations anywhere; a
 * `near` station wants the player at its place even through its code.
 */
export function checkTrigger(
  station: Station,
  via: ActivationVia,
  position: PositionRequest | undefined,
): void {
  const trigger = station.trigger ?? "list";
  if (trigger === "list") return;
  if (via === "code" && trigger !== "near") return;
  if (trigger === "qr") throw new ServiceError(403, ErrorReason.stationCodeRequired);
  if (!position) throw new ServiceError(403, ErrorReason.positionRequired);
  const toGo = metresToGo(station, position);
  if (toGo > 0) throw new ServiceError(403, `${ErrorReason.tooFar}: ${toGo}`);
}

/** Derived codes: 96 bits of an HMAC, 16 characters of base64url. */
const DERIVED_CODE_CHARS = 16;

/**
 * The code of a station's QR link: station.yaml's `code`, or an HMAC under the server's secret
 * of the pack's id and the station's id (stable across restarts and instances sharing the
 * secret; a new secret or pack id gives new codes, and printed posters must be made again).
 */
export function stationCode(secret: Buffer, packId: string, station: Station): string {
  if (station.code !== undefined) return station.code;
  return createHmac("sha256", secret)
    .update(`station-code\0${packId}\0${station.id}`)
    .digest("base64url")
    .slice(0, DERIVED_CODE_CHARS);
}

/** The station whose code `code` is, by a lookup over the pack's stations. */
export function stationByCode(
  secret: Buffer,
  packId: string,
  stations: readonly Station[],
  code: string,
): Station | undefined {
  return stations.find((station) => stationCode(secret, packId, station) === code);
}
