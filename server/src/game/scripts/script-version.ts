import { createHash } from "node:crypto";
import type { Language } from "@wegmarke/protocol";
import type { Station } from "../../content/model";
import { localize } from "../../content/model";

const versions = new WeakMap<Station, Map<Language, string>>();

/**
 * The version of a station's script in a language: a hash of its compiled ink JSON. A run saves
 * it; a saved run whose version differs from the current one was started by another script.
 */
export function scriptVersion(station: Station, language: Language): string {
  let byLanguage = versions.get(station);
  if (!byLanguage) versions.set(station, (byLanguage = new Map()));
  let version = byLanguage.get(language);
  if (version === undefined) {
    const json = localize(station.scripts, language);
    version = createHash("sha256").update(json).digest("base64url").slice(0, 16);
    byLanguage.set(language, version);
  }
  return version;
}
