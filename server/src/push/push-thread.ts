import type { Worker } from "node:worker_threads";
import { moduleWorker } from "../lib/module-worker";
import type { PushTarget } from "../store/push-repository";
import type { PushSenderDeps } from "./push-sender";
import type { PushOptions, PushOutcome } from "./push-transport";
import { originMatcher } from "./push-sender";
import type { Payloads, PushTransport } from "./push-transport";

/** What the thread needs to send: the keys, the subject, the push services, the limits. */
export type PushThreadConfig = Pick<
  PushSenderDeps,
  "keys" | "subject" | "services" | "concurrency" | "timeoutMs"
>;

export type PushBatch = {
  id: number;
  targets: PushTarget[];
  payloads: Payloads;
  options: PushOptions;
};

export type PushBatchDone = {
  id: number;
  outcomes: PushOutcome[];
  /** Subscriptions their push service said ended (404, 410). */
  gone: string[];
  problems: string[];
};

export type PushThreadDeps = {
  gone: (endpoint: string) => Promise<void>;
  counted: (outcome: Exclude<PushOutcome, "refused">) => void;
  onError: (error: unknown, message: string) => void;
};

/**
 * Sends pushes from a worker thread of their own (push-worker.ts): 10,000 encryptions and posts
 * take seconds of a core, which the main thread keeps for the players' answers (docs/
 * performance.md). The thread starts with the first batch and stays; one that dies fails its
 * batches' pushes and the next batch starts another.
 */
export class PushThread implements PushTransport {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { resolve: (done: PushBatchDone) => void; count: number }
  >();
  private readonly allowed: (url: URL) => boolean;

  constructor(
    private readonly config: PushThreadConfig,
    private readonly deps: PushThreadDeps,
  ) {
    this.allowed = originMatcher(config.services);
  }

  accepts(endpoint: string): boolean {
    return URL.canParse(endpoint) && this.allowed(new URL(endpoint));
  }

  async sendMany(
    targets: PushTarget[],
    payloads: Payloads,
    options: PushOptions,
  ): Promise<PushOutcome[]> {
    if (targets.length === 0) return [];
    const id = this.nextId++;
    const done = await new Promise<PushBatchDone>((resolve) => {
      this.pending.set(id, { resolve, count: targets.length });
      this.thread().postMessage({ id, targets, payloads, options } satisfies PushBatch);
    });
    for (const problem of done.problems) this.deps.onError(new Error(problem), "push failed");
    for (const endpoint of done.gone) await this.deps.gone(endpoint);
    for (const outcome of done.outcomes) if (outcome !== "refused") this.deps.counted(outcome);
    return done.outcomes;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = moduleWorker("push-worker", import.meta.url, this.config);
    worker.on("message", (done: PushBatchDone) => {
      const waiting = this.pending.get(done.id);
      this.pending.delete(done.id);
      waiting?.resolve(done);
    });
    const died = (error: unknown) => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.deps.onError(error, "push thread stopped");
      for (const [id, { resolve, count }] of this.pending) {
        const outcomes = Array.from({ length: count }, () => "failed" as const);
        resolve({ id, outcomes, gone: [], problems: [] });
      }
      this.pending.clear();
    };
    worker.on("error", died);
    worker.on("exit", (code) => died(new Error(`push thread exited (${code})`)));
    // The server's shutdown ends it; it alone must not keep a process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
