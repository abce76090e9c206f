import { parentPort, workerData } from "node:worker_threads";
import { makeScripts, resumeWith, scriptKey } from "./script-sources";
import type { ScriptAnswer, ScriptCall, ScriptReload, ScriptSource } from "./types";

/**
 * A thread of script-pool.ts: every script made once, then one call after another; a reload
 * (a new content pack) makes them anew.
 */
let scripts = makeScripts(workerData as ScriptSource[]);

parentPort?.on("message", (message: ScriptCall | ScriptReload) => {
  if ("reload" in message) {
    scripts = makeScripts(message.reload);
    return;
  }
  const { id, stationId, language, state, input, resume } = message;
  let answer: ScriptAnswer;
  try {
    const script = scripts.get(scriptKey(stationId, language));
    if (!script) throw new Error(`no script for station ${stationId} (${language})`);
    if (state === undefined || input === undefined) {
      answer = { id, result: script.start() };
    } else if (resume) {
      const result = resumeWith(script, state, input);
      answer = result ? { id, result } : { id, stale: true };
    } else {
      answer = { id, result: script.step(state, input) };
    }
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
