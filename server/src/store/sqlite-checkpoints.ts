import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/** How often the background connection moves the write-ahead log into the database file. */
const EVERY_MS = 50;

/**
 * The worker: a connection of its own that checkpoints the WAL in the background. A passive
 * checkpoint never waits for the server's connection, and the server's connection no longer
 * stops for tens of milliseconds to copy pages and sync the file itself. Asked to `truncate`,
 * it copies the whole WAL and empties the file (waiting up to a second per try for the
 * server's connection), so rows deleted a moment ago leave no copy in the WAL behind; it
 * answers whether that worked.
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
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.everyMs);
parentPort.on("message", (message) => {
  if (message.type === "truncate") {
    let done = false;
    for (let attempt = 0; attempt < 5 && !done; attempt++) {
      try {
        done = db.pragma("wal_checkpoint(TRUNCATE)")[0].busy === 0;
      } catch (error) {
        parentPort.postMessage({ error: String(error) });
      }
    }
    parentPort.postMessage({ truncated: message.id, done });
    return;
  }
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

type WorkerMessage = { error: string } | { truncated: number; done: boolean };

/** The background checkpoints of one SQLite file. */
export type Checkpoints = {
  /** Copies the whole WAL into the database and empties it; false when it stayed busy. */
  truncate(): Promise<boolean>;
  stop(): Promise<void>;
};

/** Checkpoints `file`'s WAL from a worker thread until `stop`. */
export function checkpointInBackground(
  file: string,
  onError: (message: string) => void,
): Checkpoints {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, everyMs: EVERY_MS },
  });
  const waiting = new Map<number, (done: boolean) => void>();
  let next = 0;
  worker.on("message", (message: WorkerMessage) => {
    if ("error" in message) return onError(message.error);
    waiting.get(message.truncated)?.(message.done);
    waiting.delete(message.truncated);
  });
  worker.on("error", (error) => onError(error.message));
  // The server's shutdown stops it; it alone must not keep a process alive.
  worker.unref();
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      for (const answer of waiting.values()) answer(false);
      waiting.clear();
      resolve();
    }),
  );
  let stopping: Promise<void> | undefined;
  return {
    truncate() {
      if (stopping) return Promise.resolve(false);
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ type: "truncate", id });
      });
    },
    stop() {
      if (!stopping) {
        worker.postMessage({ type: "stop" });
        stopping = exited;
      }
      return stopping;
    },
  };
}
