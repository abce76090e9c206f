import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * The worker: a read-only connection of its own for the operators' console, whose reads go
 * over whole tables (ten thousand players, their runs): run on the server's connection, they
 * would hold up every answer for tens or hundreds of milliseconds. In WAL mode a reader never
 * waits for the writer, and each statement sees one consistent snapshot.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma("busy_timeout = 1000");
const statements = new Map();
parentPort.on("message", (message) => {
  if (message.type === "stop") {
    db.close();
    parentPort.close();
    return;
  }
  try {
    let statement = statements.get(message.sql);
    if (!statement) {
      statement = db.prepare(message.sql);
      statements.set(message.sql, statement);
    }
    const rows = statement.all(...message.parameters);
    // In parts: the server's thread unpacks each between its other work, not all at once.
    for (let start = 0; start < rows.length; start += workerData.batch) {
      parentPort.postMessage({ id: message.id, rows: rows.slice(start, start + workerData.batch) });
    }
    parentPort.postMessage({ id: message.id, done: true });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error) });
  }
});
`;

type Answer =
  { id: number; rows: unknown[] } | { id: number; done: true } | { id: number; error: string };

/** Rows per message from the worker. */
const BATCH = 500;

/** Reads of one SQLite file on a worker thread. */
export type SqliteReader = {
  /** The rows of one statement, as better-sqlite3 gives them (columns as named in the SQL). */
  all(sql: string, parameters: readonly unknown[]): Promise<unknown[]>;
  stop(): Promise<void>;
};

type Waiting = {
  rows: unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
};

/** Starts the reader of `file`, which must exist (the server's connection opened it first). */
export function readInBackground(file: string): SqliteReader {
  const driver = createRequire(import.meta.url).resolve("better-sqlite3");
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { file, driver, batch: BATCH },
  });
  const waiting = new Map<number, Waiting>();
  let next = 0;
  let stopping: Promise<void> | undefined;
  const failAll = (error: Error) => {
    for (const call of waiting.values()) call.reject(error);
    waiting.clear();
  };
  worker.on("message", (answer: Answer) => {
    const call = waiting.get(answer.id);
    if ("rows" in answer) {
      call?.rows.push(...answer.rows);
      return;
    }
    waiting.delete(answer.id);
    if (waiting.size === 0) worker.unref();
    if ("error" in answer) call?.reject(new Error(`SQLite reader: ${answer.error}`));
    else call?.resolve(call.rows);
  });
  worker.on("error", (error) => failAll(error));
  // The server's shutdown stops it; it alone must not keep a process alive, only while it
  // owes an answer.
  worker.unref();
  const exited = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      failAll(new Error("SQLite reader stopped"));
      resolve();
    }),
  );
  return {
    all(sql, parameters) {
      if (stopping) return Promise.reject(new Error("SQLite reader stopped"));
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { rows: [], resolve, reject });
        worker.ref();
        worker.postMessage({ id, sql, parameters });
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
