import type { Language } from "@wegmarke/protocol";
import type { Station } from "../../content/model";
import { localize } from "../../content/model";
import { jumpTargets } from "../../engine/jumps";

const cache = new WeakMap<Station, Map<Language, string[]>>();

/** The knots of a station's script in a language a host may continue its dialogue at. */
export function stationKnots(station: Station, language: Language): string[] {
  let byLanguage = cache.get(station);
  if (!byLanguage) cache.set(station, (byLanguage = new Map()));
  let knots = byLanguage.get(language);
  if (knots === undefined) {
    knots = jumpTargets(localize(station.scripts, language));
    byLanguage.set(language, knots);
  }
  return knots;
}
