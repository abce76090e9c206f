import { readlinkSync } from "node:fs";
import { parentPort } from "node:worker_threads";
import { lowerThisThread } from "../../src/lib/thread-priority";

/* A worker thread for thread-priority.test.ts: it lowers itself and says which thread it is. */
const tid = Number(/\/task\/(\d+)$/.exec(readlinkSync("/proc/thread-self"))?.[1]);
parentPort?.postMessage({ lowered: lowerThisThread(10), tid });
// Alive until the test has read its priority.
parentPort?.once("message", () => parentPort?.close());
