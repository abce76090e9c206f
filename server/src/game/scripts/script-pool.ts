import type { Worker } from "node:worker_threads";
import { moduleWorker } from "../../lib/module-worker";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../../content/model";
import type { Input, StepResult } from "../../engine/types";
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

  /** With `count` 0, every game's scripts run in its calling thread. */
  constructor(private readonly count: number) {}

  /** A game's runner (types.ts) over the pool's threads, started here with the first game. */
  runner(pack: ContentPack): ScriptRunner {
    let book = this.open(scriptSources(pack));
    const call = (call: Call) => this.call(book, call);
    return {
      start: async (stationId, language) => definite(await call({ stationId, language })),
      step: async (stationId, language, state, input) =>
        definite(await call({ stationId, language, state, input })),
      resume: (stationId: number, language: Language, state: string, input: Input) =>
        call({ stationId, language, state, input, resume: true }),
      // Calls made before run the scripts they were made for; every call after, the new ones.
      reload: (next) => {
        this.retire(book);
        book = this.open(scriptSources(next));
      },
      close: async () => this.retire(book),
    };
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
      const thread = this.freest();
      const book = this.turns[0];
      if (!thread || !book) return;
      const waiting = book.waiting.shift();
      this.turns.shift();
      if (!waiting) continue;
      if (book.waiting.length > 0) this.turns.push(book);
      const id = this.nextCall++;
      thread.calls.add(id);
      this.pending.set(id, { ...waiting, thread });
      thread.worker.postMessage({ ...waiting.call, id, book: book.id } satisfies ScriptCall);
      if (book.retired && book.waiting.length === 0) this.drop(book);
    }
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

  private answered({ id, result, stale, error }: ScriptAnswer): void {
    const pending = this.settle(id);
    if (!pending) return;
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
    book.fallback ??= inProcessRunner(makeScripts(book.sources));
    const { stationId, language, state, input, resume } = call;
    if (state === undefined || input === undefined) return book.fallback.start(stationId, language);
    return resume
      ? book.fallback.resume(stationId, language, state, input)
      : book.fallback.step(stationId, language, state, input);
  }
}

function definite(result: StepResult | undefined): StepResult {
  if (!result) throw new Error("script worker answered without a result");
  return result;
}
