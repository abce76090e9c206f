import type { Language } from "@wegmarke/protocol";
import type { StationScript } from "../../engine/types";
import { resumeWith, scriptKey } from "./script-sources";
import type { ScriptRunner } from "./types";

/** The scripts run in the calling thread: `workers: 0`, and while no worker thread is alive. */
export function inProcessRunner(scripts: Map<string, StationScript>): ScriptRunner {
  const get = (stationId: number, language: Language) => {
    const script = scripts.get(scriptKey(stationId, language));
    if (!script) throw new Error(`no script for station ${stationId} (${language})`);
    return script;
  };
  return {
    start: async (stationId, language, run) => get(stationId, language).start(run),
    step: async (stationId, language, state, input, run) =>
      get(stationId, language).step(state, input, run),
    resume: async (stationId, language, state, input, run) =>
      resumeWith(get(stationId, language), state, input, run),
    reload: () => {
      throw new Error("reload the runner that made this one");
    },
    close: () => Promise.resolve(),
  };
}
