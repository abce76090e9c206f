import { parentPort, workerData } from "node:worker_threads";
import { LiveStates } from "../../engine/live-states";
import type { StationScript } from "../../engine/types";
import { makeScripts, resumeWith, scriptKey } from "./script-sources";
import type { ScriptAnswer, ScriptBook, ScriptCall, WorkerBooks } from "./types";

/**
 * A thread of script-pool.ts: each game's scripts (a book) made once, then one call after
 * another; a book comes when a game starts or its pack is reloaded, and goes when it is done.
 */
/** The runs' ink states between their answers, for all of the thread's books. */
const live = new LiveStates();
const books = new Map<number, Map<string, StationScript>>(
  (workerData as WorkerBooks).map(([book, sources]) => [book, makeScripts(sources, live)]),
);

parentPort?.on("message", (message: ScriptCall | ScriptBook) => {
  if (!("id" in message)) {
    if (message.sources) books.set(message.book, makeScripts(message.sources, live));
    else books.delete(message.book);
    return;
  }
  const { id, book, stationId, language, state, input, resume, run } = message;
  let answer: ScriptAnswer;
  const hits = live.hits;
  try {
    const script = books.get(book)?.get(scriptKey(stationId, language));
    if (!script) throw new Error(`no script for station ${stationId} (${language})`);
    if (state === undefined || input === undefined) {
      answer = { id, result: script.start(run) };
    } else if (resume) {
      const result = resumeWith(script, state, input, run);
      answer = result ? { id, result } : { id, stale: true };
    } else {
      answer = { id, result: script.step(state, input, run) };
    }
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(live.hits > hits ? { ...answer, live: true } : answer);
});
