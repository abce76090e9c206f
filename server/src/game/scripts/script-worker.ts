import { parentPort, workerData } from "node:worker_threads";
import type { StationScript } from "../../engine/types";
import { makeScripts, resumeWith, scriptKey } from "./script-sources";
import type { ScriptAnswer, ScriptBook, ScriptCall, WorkerBooks } from "./types";

/**
 * A thread of script-pool.ts: each game's scripts (a book) made once, then one call after
 * another; a book comes when a game starts or its pack is reloaded, and goes when it is done.
 */
const books = new Map<number, Map<string, StationScript>>(
  (workerData as WorkerBooks).map(([book, sources]) => [book, makeScripts(sources)]),
);

parentPort?.on("message", (message: ScriptCall | ScriptBook) => {
  if (!("id" in message)) {
    if (message.sources) books.set(message.book, makeScripts(message.sources));
    else books.delete(message.book);
    return;
  }
  const { id, book, stationId, language, state, input, resume } = message;
  let answer: ScriptAnswer;
  try {
    const script = books.get(book)?.get(scriptKey(stationId, language));
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
