import { parentPort, workerData } from "node:worker_threads";
import { makeScripts, scriptKey } from "./script-runner";
import type { ScriptAnswer, ScriptCall, ScriptSource } from "./script-runner";

/** A thread of script-runner.ts: every script made once, then one call after another. */
const scripts = makeScripts(workerData as ScriptSource[]);

parentPort?.on("message", ({ id, stationId, language, state, input }: ScriptCall) => {
  let answer: ScriptAnswer;
  try {
    const script = scripts.get(scriptKey(stationId, language));
    if (!script) throw new Error(`no script for station ${stationId} (${language})`);
    const result =
      state === undefined || input === undefined ? script.start() : script.step(state, input);
    answer = { id, result };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
