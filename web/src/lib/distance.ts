import type { Language } from "@wegmarke/protocol";
import { intlLocale } from "./intl-locale";

/** `accuracy`: metres, when the device tells (the map draws it as a circle). */
export type Position = { latitude: number; longitude: number; accuracy?: number };

const earthRadiusInMetres = 6371000;

function toRadians(degrees: number): number {
  return (degrees * Math.PI) / 180;
}

/** Great-circle (haversine) distance in whole metres, rounded up. */
export function distanceInMetres(from: Position, to: Position): number {
  const dLat = toRadians(to.latitude - from.latitude);
  const dLon = toRadians(to.longitude - from.longitude);
  const a =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(from.latitude)) * Math.cos(toRadians(to.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.ceil(2 * earthRadiusInMetres * Math.asin(Math.min(1, Math.sqrt(a))));
}

/** Spec 9: over 1000 m as rounded whole kilometres ("2 km"), else rounded up to 50 m ("350 m"). */
export function formatDistance(metres: number, language: Language): string {
  if (metres > 1000) {
    const km = new Intl.NumberFormat(intlLocale(language), { maximumFractionDigits: 0 });
    return `${km.format(Math.round(metres / 1000))} km`;
  }
  return `${Math.ceil(metres / 50) * 50} m`;
}
