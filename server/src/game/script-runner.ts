import { Worker } from "node:worker_threads";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../content/model";
import { localize } from "../content/model";
import { createScript } from "../engine/engine";
import type { Input, ScriptContext, StationScript, StepResult } from "../engine/types";

/**
 * Runs the stations' scripts (the dialogue engine, engine/engine.ts) for the game. The engine
 * is pure and takes a good part of a turn's time, so by default it runs on worker threads
 * (decisions/012-live-path.md): the thread that answers HTTP and streams stays free, and a
 * second core does the dialogue. With `workers: 0` it runs in the calling thread.
 */
export type ScriptRunner = {
  start(stationId: number, language: Language): Promise<StepResult>;
  step(stationId: number, language: Language, state: string, input: Input): Promise<StepResult>;
  close(): Promise<void>;
};

export function createScriptRunner(pack: ContentPack, workers: number): ScriptRunner {
  return workers > 0 ? new WorkerScriptRunner(pack, workers) : inProcess(pack);
}

function inProcess(pack: ContentPack): ScriptRunner {
  return inProcessRunner(makeScripts(scriptSources(pack)));
}

function inProcessRunner(scripts: Map<string, StationScript>): ScriptRunner {
  const get = (stationId: number, language: Language) => {
    const script = scripts.get(scriptKey(stationId, language));
    if (!script) throw new Error(`no script for station ${stationId} (${language})`);
    return script;
  };
  return {
    start: async (stationId, language) => get(stationId, language).start(),
    step: async (stationId, language, state, input) => get(stationId, language).step(state, input),
    close: () => Promise.resolve(),
  };
}

/** Every station's script in every language, made once (not per call). */
export function makeScripts(sources: ScriptSource[]): Map<string, StationScript> {
  return new Map(sources.map(({ key, inkJson, ctx }) => [key, createScript(inkJson, ctx)]));
}

/** What a worker is built from: every station's script in every language, with its context. */
export type ScriptSource = { key: string; inkJson: string; ctx: ScriptContext };

export function scriptSources(pack: ContentPack): ScriptSource[] {
  return pack.stations.flatMap((station) =>
    languages.map((language) => ({
      key: scriptKey(station.id, language),
      inkJson: localize(station.scripts, language),
      ctx: {
        character: station.character,
        maxPoints: station.points,
        rejection: localize(pack.texts.rejection, language),
      },
    })),
  );
}

export function scriptKey(stationId: number, language: Language): string {
  return `${stationId}:${language}`;
}

/** A call to a worker, and its answer: the step's result, or the error's message. */
export type ScriptCall = {
  id: number;
  stationId: number;
  language: Language;
  state?: string;
  input?: Input;
};
export type ScriptAnswer = { id: number; result?: StepResult; error?: string };

type Pending = { resolve: (result: StepResult) => void; reject: (error: Error) => void };

type Thread = { worker: Worker; busy: number; calls: Set<number> };

/**
 * Sends each call to the worker with the fewest calls under way. A worker that dies fails its
 * calls (500; the player may retry) and is replaced a second later; while none is alive, the
 * scripts run in the calling thread.
 */
class WorkerScriptRunner implements ScriptRunner {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, Pending & { thread: Thread }>();
  private nextId = 1;
  private closed = false;
  private fallback: ScriptRunner | undefined;
  private readonly file: URL;
  /** From the TypeScript sources: a bootstrap that registers tsx in the thread first. */
  private readonly bootstrap: string | undefined;

  constructor(
    pack: ContentPack,
    count: number,
    private readonly sources = scriptSources(pack),
  ) {
    // The worker's module beside this one: .ts from the sources, .js once compiled.
    const typescript = import.meta.url.endsWith(".ts");
    this.file = new URL(`./script-worker${typescript ? ".ts" : ".js"}`, import.meta.url);
    // A thread does not inherit the loader that runs TypeScript: it registers tsx itself.
    this.bootstrap = typescript
      ? `import(${JSON.stringify(import.meta.resolve("tsx/esm/api"))})
          .then((tsx) => { tsx.register(); return import(${JSON.stringify(this.file.href)}); })`
      : undefined;
    for (let i = 0; i < count; i++) this.threads.push(this.spawn());
  }

  start(stationId: number, language: Language): Promise<StepResult> {
    return this.call({ stationId, language });
  }

  step(stationId: number, language: Language, state: string, input: Input): Promise<StepResult> {
    return this.call({ stationId, language, state, input });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.threads.map(({ worker }) => worker.terminate()));
  }

  private spawn(): Thread {
    const worker = this.bootstrap
      ? new Worker(this.bootstrap, { eval: true, workerData: this.sources })
      : new Worker(this.file, { workerData: this.sources });
    const thread: Thread = { worker, busy: 0, calls: new Set() };
    worker.on("message", (answer: ScriptAnswer) => this.answered(answer));
    worker.on("error", (error) => this.died(thread, error));
    worker.on("exit", () => this.died(thread, new Error("script worker stopped")));
    // The server's shutdown ends them; they alone must not keep a process alive.
    worker.unref();
    return thread;
  }

  private call(call: Omit<ScriptCall, "id">): Promise<StepResult> {
    if (this.closed) return Promise.reject(new Error("script workers are closed"));
    const thread = this.threads.reduce<Thread | undefined>(
      (a, b) => (a === undefined || b.busy < a.busy ? b : a),
      undefined,
    );
    if (!thread) return this.inThisThread(call);
    const id = this.nextId++;
    return new Promise<StepResult>((resolve, reject) => {
      thread.busy++;
      thread.calls.add(id);
      this.pending.set(id, { resolve, reject, thread });
      thread.worker.postMessage({ ...call, id } satisfies ScriptCall);
    });
  }

  private answered({ id, result, error }: ScriptAnswer): void {
    const pending = this.settle(id);
    if (!pending) return;
    if (result) pending.resolve(result);
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

  private inThisThread(call: Omit<ScriptCall, "id">): Promise<StepResult> {
    this.fallback ??= inProcessRunner(makeScripts(this.sources));
    const { stationId, language, state, input } = call;
    return state === undefined || input === undefined
      ? this.fallback.start(stationId, language)
      : this.fallback.step(stationId, language, state, input);
  }
}
