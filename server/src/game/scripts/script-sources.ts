import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../../content/model";
import { localize, MISSION_REJECTED } from "../../content/model";
import { createScript } from "../../engine/engine";
import type { LiveStates } from "../../engine/live-states";
import type { Input, StationScript, StepResult } from "../../engine/types";
import type { ScriptSource } from "./types";

/**
 * The stations' scripts as the runners make them: one per station and language, keyed by
 * `scriptKey`, from the sources a worker thread is sent (a pack's compiled ink and context).
 */
/**
 * Every station's script in every language, made once (not per call); their steps keep their
 * states in `live`, which a thread's scripts share.
 */
export function makeScripts(sources: ScriptSource[], live: LiveStates): Map<string, StationScript> {
  return new Map(sources.map(({ key, inkJson, ctx }) => [key, createScript(inkJson, ctx, live)]));
}

export function scriptSources(pack: ContentPack): ScriptSource[] {
  return pack.stations.flatMap((station) =>
    languages.map((language) => ({
      key: scriptKey(station.id, language),
      inkJson: localize(station.scripts, language),
      ctx: {
        character: localize(station.character, language),
        maxPoints: station.points,
        rejection: localize(pack.texts.rejection, language),
        missionRejection:
          localize(pack.texts.missionRejected ?? MISSION_REJECTED, language) ||
          MISSION_REJECTED[language],
      },
    })),
  );
}

export function scriptKey(stationId: number, language: Language): string {
  return `${stationId}:${language}`;
}

/** A step of a state saved under another version of `script`, if it still fits. */
export function resumeWith(
  script: StationScript,
  state: string,
  input: Input,
  run?: string,
): StepResult | undefined {
  return script.fits(state) ? script.step(state, input, run) : undefined;
}
