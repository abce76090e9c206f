import type { Worker } from "node:worker_threads";
import type { PackCheck } from "../content/loader";
import type { ContentProblem } from "../content/model";
import { moduleWorker } from "../lib/module-worker";
import type { ContentAnswer, ContentCall } from "./content-worker";

/**
 * A call that takes longer than this is given up: a 500-line script compiles in 35-120 ms, a
 * 50-station pack loads in about a second.
 */
const TIMEOUT_MS = 60_000;
/** The thread ends after this long without a call; the next call starts it again. */
const IDLE_MS = 60_000;

type Pending = { resolve: (answer: ContentAnswer) => void; reject: (error: Error) => void };

/**
 * The content pack's heavy work on a thread of its own (decisions/034): loading and checking a
 * pack (a publish, an import, a draft's check) and compiling a script as an author types. On
 * the main thread a 50-station pack held up the players' answers for about half a second. The
 * thread starts with the first call and stops when idle; calls run one after another.
 */
export class ContentThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private idle: NodeJS.Timeout | undefined;

  /** Compiles one script as `content:check` does: its problems. */
  async compile(file: string, text: string): Promise<ContentProblem[]> {
    const answer = await this.call({ kind: "compile", file, text });
    if (answer.kind !== "compile") throw new Error("content thread: not a compile answer");
    return answer.problems;
  }

  /** Loads and checks the pack in `dir` as `content:check` does. */
  async check(dir: string): Promise<PackCheck> {
    const answer = await this.call({ kind: "check", dir });
    if (answer.kind !== "check") throw new Error("content thread: not a check answer");
    return answer.check;
  }

  /** Ends the thread (the server's shutdown, or idle). */
  stop(): void {
    clearTimeout(this.idle);
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
  }

  private call(
    call: Omit<ContentCall, "id"> &
      ({ kind: "compile"; file: string; text: string } | { kind: "check"; dir: string }),
  ): Promise<ContentAnswer> {
    const worker = this.thread();
    const id = this.nextId++;
    clearTimeout(this.idle);
    return new Promise<ContentAnswer>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new Error(`content thread: no answer within ${TIMEOUT_MS} ms`));
        this.stop();
      }, TIMEOUT_MS);
      this.pending.set(id, {
        resolve: (answer) => {
          clearTimeout(timer);
          if (answer.kind === "failed") reject(new Error(answer.message));
          else resolve(answer);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      worker.postMessage({ ...call, id } as ContentCall);
    }).finally(() => {
      if (this.pending.size === 0) {
        this.idle = setTimeout(() => this.stop(), IDLE_MS);
        this.idle.unref();
      }
    });
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = moduleWorker("content-worker", import.meta.url);
    worker.on("message", (answer: ContentAnswer) => {
      const call = this.pending.get(answer.id);
      this.pending.delete(answer.id);
      call?.resolve(answer);
    });
    const failed = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const call of this.pending.values()) call.reject(error);
      this.pending.clear();
    };
    worker.on("error", failed);
    worker.on("exit", () => failed(new Error("the content thread stopped")));
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
