import type { Worker } from "node:worker_threads";
import { moduleWorker } from "../../lib/module-worker";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../../content/model";
import type { Input, StepResult } from "../../engine/types";
import { LiveStates } from "../../engine/live-states";
import { inProcessRunner } from "./in-process";
import { makeScripts, scriptSources } from "./script-sources";
import type {
  ScriptAnswer,
  ScriptBook,
  ScriptCall,
  ScriptRunner,
  ScriptSource,
  WorkerBooks,
} from "./types";

/**
 * Calls a thread is sent before it answers one: the next wait in it while one runs, so a thread
 * does not idle while the busy main thread gets round to its answers (with two instead, ten
 * games' p90 at 1,000 answers a second was twice as long; docs/performance.md).
 */
export const CALLS_PER_THREAD = 8;

type Call = Omit<ScriptCall, "id" | "book">;

type Waiting = {
  call: Call;
  resolve: (result: StepResult | undefined) => void;
  reject: (error: Error) => void;
};

type Thread = { worker: Worker; calls: Set<number> };

/** One pack's scripts in the pool (a game's, a preview's), and its calls waiting for a thread. */
type Book = {
  id: number;
  sources: ScriptSource[];
  waiting: Waiting[];
  /** Replaced by a reload, or its game closed: the threads drop it once its calls are sent. */
  retired: boolean;
  fallback?: ScriptRunner;
};

/**
 * The script worker threads of the process, which every game shares (decisions/054): each game's
 * scripts are a book of its own in every thread. A thread is sent at most eight calls at a
 * time; the rest wait here, and the games take turns: a game with thousands of calls waiting
 * holds another's next call back by at most one of its own beyond those on the thread. A
 * thread that dies fails its calls (500; the player may retry) and is replaced a second later;
 * while none is alive, the scripts run in the calling thread.
 */
export class ScriptPool {
  private readonly threads: Thread[] = [];
  private readonly books = new Map<number, Book>();
  private readonly pending = new Map<number, Waiting & { thread: Thread }>();
  /** The books with calls waiting, in turn: the first sends next, then goes to the end. */
  private readonly turns: Book[] = [];
  private nextCall = 1;
  private nextBook = 1;
  private started = false;
  private closed = false;
  /** The runs' ink states between answers while the scripts run in this thread. */
  private readonly live = new LiveStates();
  /** Steps of saved states answered since the start, and of them those whose state was live. */
  private readonly counted = { steps: 0, live: 0 };

  /** With `count` 0, every game's scripts run in its calling thread. */
  constructor(private readonly count: number) {}

  /** A game's runner (types.ts) over the pool's threads, started here with the first game. */
  runner(pack: ContentPack): ScriptRunner {
    let book = this.open(scriptSources(pack));
    const call = (call: Call) => this.call(book, call);
    return {
      start: async (stationId, language, run) => definite(await call({ stationId, language, run })),
      step: async (stationId, language, state, input, run) =>
        definite(await call({ stationId, language, state, input, run })),
      resume: (stationId: number, language: Language, state: string, input: Input, run?: string) =>
        call({ stationId, language, state, input, resume: true, run }),
      // Calls made before run the scripts they were made for; every call after, the new ones.
      reload: (next) => {
        this.retire(book);
        book = this.open(scriptSources(next));
      },
      close: async () => this.retire(book),
    };
  }

  /** Steps of a saved state answered so far, and of them those whose ink state was live. */
  figures(): { steps: number; live: number } {
    return { steps: this.counted.steps, live: this.counted.live + this.live.hits };
  }

  /** Ends the threads (the process's server closes). */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private open(sources: ScriptSource[]): Book {
    const book: Book = { id: this.nextBook++, sources, waiting: [], retired: false };
    this.books.set(book.id, book);
    if (this.started) {
      this.tell({ book: book.id, sources });
    } else {
      this.started = true;
      for (let i = 0; i < this.count; i++) this.threads.push(this.spawn());
    }
    return book;
  }

  private retire(book: Book): void {
    book.retired = true;
    if (book.waiting.length === 0) this.drop(book);
  }

  private drop(book: Book): void {
    this.books.delete(book.id);
    this.tell({ book: book.id });
  }

  private tell(message: ScriptBook): void {
    for (const { worker } of this.threads) worker.postMessage(message);
  }

  private spawn(): Thread {
    const books: WorkerBooks = [...this.books.values()].map(({ id, sources }) => [id, sources]);
    const worker = moduleWorker("script-worker", import.meta.url, books);
    const thread: Thread = { worker, calls: new Set() };
    worker.on("message", (answer: ScriptAnswer) => this.answered(answer));
    worker.on("error", (error) => this.died(thread, error));
    worker.on("exit", () => this.died(thread, new Error("script worker stopped")));
    // The server's shutdown ends them; they alone must not keep a process alive.
    worker.unref();
    return thread;
  }

  private call(book: Book, call: Call): Promise<StepResult | undefined> {
    if (this.closed) return Promise.reject(new Error("script workers are closed"));
    if (this.count === 0 || this.threads.length === 0) return this.inThisThread(book, call);
    return new Promise<StepResult | undefined>((resolve, reject) => {
      if (book.waiting.length === 0) this.turns.push(book);
      book.waiting.push({ call, resolve, reject });
      this.send();
    });
  }

  /** Sends waiting calls, the books in turn, while a thread has room. */
  private send(): void {
    for (;;) {
      const freest = this.freest();
      const book = this.turns[0];
      if (!freest || !book) return;
      const waiting = book.waiting.shift();
      this.turns.shift();
      if (!waiting) continue;
      if (book.waiting.length > 0) this.turns.push(book);
      const thread = this.threadOf(waiting.call.run) ?? freest;
      const id = this.nextCall++;
      thread.calls.add(id);
      this.pending.set(id, { ...waiting, thread });
      thread.worker.postMessage({ ...waiting.call, id, book: book.id } satisfies ScriptCall);
      if (book.retired && book.waiting.length === 0) this.drop(book);
    }
  }

  /** The thread that keeps the run's state live, if it has room (else any may take the call). */
  private threadOf(run: string | undefined): Thread | undefined {
    if (run === undefined || this.threads.length < 2) return undefined;
    const thread = this.threads[placeOf(run) % this.threads.length];
    return thread && thread.calls.size < CALLS_PER_THREAD ? thread : undefined;
  }

  private freest(): Thread | undefined {
    let freest: Thread | undefined;
    for (const thread of this.threads) {
      if (thread.calls.size < CALLS_PER_THREAD && thread.calls.size < (freest?.calls.size ?? 99)) {
        freest = thread;
      }
    }
    return freest;
  }

  private answered({ id, result, stale, error, live }: ScriptAnswer): void {
    const pending = this.settle(id);
    if (!pending) return;
    if (pending.call.state !== undefined) this.counted.steps++;
    if (live) this.counted.live++;
    if (result || stale) pending.resolve(result);
    else pending.reject(new Error(error ?? "script worker failed"));
    this.send();
  }

  private settle(id: number): Waiting | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    pending.thread.calls.delete(id);
    return pending;
  }

  private died(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (at === -1) return;
    this.threads.splice(at, 1);
    for (const id of [...thread.calls]) this.settle(id)?.reject(error);
    if (this.threads.length === 0) this.runWaitingHere();
    else this.send();
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed) this.threads.push(this.spawn());
    }, 1000).unref();
  }

  /** No thread is alive: what waits runs in this thread. */
  private runWaitingHere(): void {
    for (const book of this.turns.splice(0)) {
      for (const { call, resolve, reject } of book.waiting.splice(0)) {
        this.inThisThread(book, call).then(resolve, reject);
      }
      if (book.retired) this.drop(book);
    }
  }

  private inThisThread(book: Book, call: Call): Promise<StepResult | undefined> {
    book.fallback ??= inProcessRunner(makeScripts(book.sources, this.live));
    const { stationId, language, state, input, resume, run } = call;
    if (state === undefined || input === undefined) {
      return book.fallback.start(stationId, language, run);
    }
    this.counted.steps++;
    return resume
      ? book.fallback.resume(stationId, language, state, input, run)
      : book.fallback.step(stationId, language, state, input, run);
  }
}

/** A number for a run's stream (FNV-1a), the same for all its calls: its thread. */
function placeOf(run: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < run.length; i++) hash = Math.imul(hash ^ run.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

function definite(result: StepResult | undefined): StepResult {
  if (!result) throw new Error("script worker answered without a result");
  return result;
}
