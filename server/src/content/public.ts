import path from "node:path";
import type { Language, PublicContent, StationContent } from "@wegmarke/protocol";
import { parseMediaPath } from "./media";
import { localize } from "./model";
import type { ContentPack, Station, StationTexts } from "./model";

/** `/webapp/content/{lang}.json`: the live stations' texts in `lang`, German where missing. */
export function publicContent(pack: ContentPack, lang: Language): PublicContent {
  const stations = pack.stations
    .filter((s) => s.live)
    .map((s): [string, StationContent] => [String(s.id), stationContent(s, lang)]);
  return {
    language: lang,
    title: localize(pack.title, lang),
    stations: Object.fromEntries(stations),
  };
}

function stationContent(station: Station, lang: Language): StationContent {
  const texts = withFallback(station.texts[lang], station.texts.de);
  return {
    ...texts,
    ...(station.image === undefined ? {} : { imagePath: station.image }),
    view: station.view,
  };
}

/** Each text the language lacks is taken from German, field by field. */
function withFallback(texts: StationTexts | undefined, de: StationTexts): StationTexts {
  const given = Object.entries(texts ?? {}).filter(([, value]) => value !== undefined);
  return { ...de, ...Object.fromEntries(given) };
}

/**
 * The file for a path below `/assets/webapp-data/` (`stations/3/kirche.jpg`), or null when it
 * names no station, leaves the station's folder or names a script or station file.
 */
export function assetPath(pack: ContentPack, urlPath: string): string | null {
  const media = parseMediaPath(urlPath);
  const station = media && pack.stations.find((s) => s.id === media.stationId);
  if (!media || !station) return null;
  const file = path.resolve(station.dir, ...media.segments);
  // parseMediaPath already refuses `..`; this guards against anything it did not foresee.
  return file.startsWith(station.dir + path.sep) ? file : null;
}
