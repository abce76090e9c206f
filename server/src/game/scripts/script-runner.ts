/**
 * The games' script runners (the contract in types.ts), made by the process's pool
 * (script-pool.ts): on worker threads (each running script-worker.ts; decisions/012-live-path.md)
 * that every game shares, or in the calling thread with 0 workers.
 */
export { CALLS_PER_THREAD, ScriptPool } from "./script-pool";
export type { ScriptRunner } from "./types";
