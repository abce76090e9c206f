import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { localize } from "../content/model";
import { createScript } from "../engine/engine";
import type { StationScript } from "../engine/types";

/** Every station's script in every language, made once at start-up (not per request). */
export class ScriptCatalog {
  private readonly scripts = new Map<string, StationScript>();

  constructor(pack: ContentPack) {
    for (const station of pack.stations) {
      for (const language of languages) {
        const script = createScript(localize(station.scripts, language), {
          character: station.character,
          maxPoints: station.points,
          rejection: localize(pack.texts.rejection, language),
        });
        this.scripts.set(key(station.id, language), script);
      }
    }
  }

  get(stationId: number, language: Language): StationScript {
    const script = this.scripts.get(key(stationId, language));
    if (!script) throw new Error(`no script for station ${stationId} (${language})`);
    return script;
  }
}

function key(stationId: number, language: Language): string {
  return `${stationId}:${language}`;
}
