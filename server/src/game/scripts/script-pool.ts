import type { Worker } from "node:worker_threads";
import { moduleWorker } from "../../lib/module-worker";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../../content/model";
import type { Input, StepResult } from "../../engine/types";
import { inProcessRunner } from "./in-process";
import { makeScripts, scriptSources } from "./script-sources";
import type { ScriptAnswer, ScriptCall, ScriptReload, ScriptRunner, ScriptSource } from "./types";

type Pending = {
  resolve: (result: StepResult | undefined) => void;
  reject: (error: Error) => void;
};

type Thread = { worker: Worker; busy: number; calls: Set<number> };

/**
 * Sends each call to the worker with the fewest calls under way. A worker that dies fails its
 * calls (500; the player may retry) and is replaced a second later; while none is alive, the
 * scripts run in the calling thread.
 */
export class WorkerScriptRunner implements ScriptRunner {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, Pending & { thread: Thread }>();
  private nextId = 1;
  private closed = false;
  private fallback: ScriptRunner | undefined;
  private sources: ScriptSource[];

  constructor(pack: ContentPack, count: number) {
    this.sources = scriptSources(pack);
    for (let i = 0; i < count; i++) this.threads.push(this.spawn());
  }

  async start(stationId: number, language: Language): Promise<StepResult> {
    return definite(await this.call({ stationId, language }));
  }

  async step(
    stationId: number,
    language: Language,
    state: string,
    input: Input,
  ): Promise<StepResult> {
    return definite(await this.call({ stationId, language, state, input }));
  }

  resume(
    stationId: number,
    language: Language,
    state: string,
    input: Input,
  ): Promise<StepResult | undefined> {
    return this.call({ stationId, language, state, input, resume: true });
  }

  /** Messages to a worker are handled in order: every call sent after this runs the new scripts. */
  reload(pack: ContentPack): void {
    this.sources = scriptSources(pack);
    this.fallback = undefined;
    for (const { worker } of this.threads) {
      worker.postMessage({ reload: this.sources } satisfies ScriptReload);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private spawn(): Thread {
    const worker = moduleWorker("script-worker", import.meta.url, this.sources);
    const thread: Thread = { worker, busy: 0, calls: new Set() };
    worker.on("message", (answer: ScriptAnswer) => this.answered(answer));
    worker.on("error", (error) => this.died(thread, error));
    worker.on("exit", () => this.died(thread, new Error("script worker stopped")));
    // The server's shutdown ends them; they alone must not keep a process alive.
    worker.unref();
    return thread;
  }

  private call(call: Omit<ScriptCall, "id">): Promise<StepResult | undefined> {
    if (this.closed) return Promise.reject(new Error("script workers are closed"));
    const thread = this.threads.reduce<Thread | undefined>(
      (a, b) => (a === undefined || b.busy < a.busy ? b : a),
      undefined,
    );
    if (!thread) return this.inThisThread(call);
    const id = this.nextId++;
    return new Promise<StepResult | undefined>((resolve, reject) => {
      thread.busy++;
      thread.calls.add(id);
      this.pending.set(id, { resolve, reject, thread });
      thread.worker.postMessage({ ...call, id } satisfies ScriptCall);
    });
  }

  private answered({ id, result, stale, error }: ScriptAnswer): void {
    const pending = this.settle(id);
    if (!pending) return;
    if (result || stale) pending.resolve(result);
    else pending.reject(new Error(error ?? "script worker failed"));
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    pending.thread.busy--;
    pending.thread.calls.delete(id);
    return pending;
  }

  private died(thread: Thread, error: Error): void {
    const at = this.threads.indexOf(thread);
    if (at === -1) return;
    this.threads.splice(at, 1);
    for (const id of [...thread.calls]) this.settle(id)?.reject(error);
    if (this.closed) return;
    setTimeout(() => {
      if (!this.closed) this.threads.push(this.spawn());
    }, 1000).unref();
  }

  private inThisThread(call: Omit<ScriptCall, "id">): Promise<StepResult | undefined> {
    this.fallback ??= inProcessRunner(makeScripts(this.sources));
    const { stationId, language, state, input, resume } = call;
    if (state === undefined || input === undefined) return this.fallback.start(stationId, language);
    return resume
      ? this.fallback.resume(stationId, language, state, input)
      : this.fallback.step(stationId, language, state, input);
  }
}

function definite(result: StepResult | undefined): StepResult {
  if (!result) throw new Error("script worker answered without a result");
  return result;
}
