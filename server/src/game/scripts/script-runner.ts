import type { ContentPack } from "../../content/model";
import { inProcess } from "./in-process";
import { WorkerScriptRunner } from "./script-pool";
import type { ScriptRunner } from "./types";

export type { ScriptRunner } from "./types";

/**
 * The game's script runner (the contract in types.ts): on `workers` threads (script-pool.ts,
 * each running script-worker.ts; decisions/012-live-path.md), or in this thread with 0.
 */
export function createScriptRunner(pack: ContentPack, workers: number): ScriptRunner {
  return workers > 0 ? new WorkerScriptRunner(pack, workers) : inProcess(pack);
}
