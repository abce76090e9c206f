import type { Worker } from "node:worker_threads";
import type { ContentProblem } from "../content/model";
import { moduleWorker } from "../lib/module-worker";
import type { CompileCall } from "./ink-compile-worker";

/** A compile that takes longer than this is given up (a 500-line script takes 35-120 ms). */
const TIMEOUT_MS = 5000;
/** The thread ends after this long without a call; the next call starts it again. */
const IDLE_MS = 60_000;

type Pending = { resolve: (problems: ContentProblem[]) => void; reject: (error: Error) => void };

/**
 * Compiles ink for the studio's editor on a thread of its own, so that an author typing never
 * holds up the players' answers on the main thread (a compile of 500 lines takes 35-120 ms).
 * The thread starts with the first call and stops when idle.
 */
export class InkCompiler {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  compile(file: string, text: string): Promise<ContentProblem[]> {
    const worker = this.thread();
    const id = this.nextId++;
    clearTimeout(this.idle);
    return new Promise<ContentProblem[]>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`ink compile took over ${TIMEOUT_MS} ms`));
        this.stop();
      }, TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (problems) => {
          clearTimeout(timer);
          resolve(problems);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ id, file, text } satisfies CompileCall);
    }).finally(() => {
      if (this.pending.size === 0) {
        this.idle = setTimeout(() => this.stop(), IDLE_MS);
        this.idle.unref();
      }
    });
  }

  /** Ends the thread (the server's shutdown, or idle). */
  stop(): void {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = moduleWorker("ink-compile-worker", import.meta.url);
    worker.on("message", ({ id, problems }: { id: number; problems: ContentProblem[] }) => {
      const call = this.pending.get(id);
      this.pending.delete(id);
      call?.resolve(problems);
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on("error", failed);
    worker.on("exit", () => failed(new Error("the ink compile thread stopped")));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
