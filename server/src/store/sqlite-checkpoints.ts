import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the background connection moves the write-ahead log into the database file. */
const EVERY_MS = 50;

/**
 * The worker: a connection of its own that checkpoints the WAL in the background. A passive
 * checkpoint never waits for the server's connection, and the server's connection no longer
 * stops for tens of milliseconds to copy pages and sync the file itself.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma("busy_timeout = 1000");
const timer = setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch (error) {
    parentPort.postMessage(String(error));
  }
}, workerData.everyMs);
parentPort.on("message", () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

/** Checkpoints `file`'s WAL from a worker thread until the returned function stops it. */
export function checkpointInBackground(
  file: string,
  onError: (message: string) => void,
): () => Promise<void> {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: EVERY_MS },
  });
  worker.on("message", (message) => onError(String(message)));
  worker.on("error", (error) => onError(error.message));
  // The server's shutdown stops it; it alone must not keep a process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) => worker.once("exit", () => resolve()));
  let stopping: Promise<void> | undefined;
  return () => {
    if (!stopping) {
      worker.postMessage("stop");
      stopping = exited;
    }
    return stopping;
  };
}
