import { parentPort, workerData } from "node:worker_threads";
import { lowerThisThread } from "../lib/thread-priority";
import { PushSender } from "./push-sender";
import type { PushBatch, PushBatchDone, PushThreadConfig } from "./push-thread";

/**
 * The thread of push-thread.ts: encrypts and posts each batch's pushes (push-sender.ts), off the
 * main thread that answers the players; tells which subscriptions ended and what failed.
 */
const config = workerData as PushThreadConfig;
// Pushes can wait a few seconds; the players' answers cannot: the cores go to those first.
lowerThisThread(10);
let ended: string[] = [];
let problems: string[] = [];
const sender = new PushSender({
  ...config,
  gone: (endpoint) => {
    ended.push(endpoint);
    return Promise.resolve();
  },
  counted: () => undefined,
  onError: (error, message) => {
    problems.push(`${message}: ${error instanceof Error ? error.message : String(error)}`);
  },
});

parentPort?.on("message", (batch: PushBatch) => {
  void sender.sendMany(batch.targets, batch.payloads, batch.options).then((outcomes) => {
    const done: PushBatchDone = { id: batch.id, outcomes, gone: ended, problems };
    ended = [];
    problems = [];
    parentPort?.postMessage(done);
  });
});
