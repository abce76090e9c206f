import { createHash } from "node:crypto";
import { Worker } from "node:worker_threads";
import { languages } from "@wegmarke/protocol";
import type { Language } from "@wegmarke/protocol";
import type { ContentPack, Station } from "../content/model";
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
  /**
   * `step` for a state saved under another version of the script: undefined (and nothing run)
   * when the state no longer fits the script (engine.ts, `fits`).
   */
  resume(
    stationId: number,
    language: Language,
    state: string,
    input: Input,
  ): Promise<StepResult | undefined>;
  /** Runs the scripts of `pack` from now on (a reloaded content pack). */
  reload(pack: ContentPack): void;
  close(): Promise<void>;
};

export function createScriptRunner(pack: ContentPack, workers: number): ScriptRunner {
  return workers > 0 ? new WorkerScriptRunner(pack, workers) : inProcess(pack);
}

function inProcess(pack: ContentPack): ScriptRunner {
  let runner = inProcessRunner(makeScripts(scriptSources(pack)));
  return {
    start: (...args) => runner.start(...args),
    step: (...args) => runner.step(...args),
    resume: (...args) => runner.resume(...args),
    reload: (next) => {
      runner = inProcessRunner(makeScripts(scriptSources(next)));
    },
    close: () => Promise.resolve(),
  };
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
    resume: async (stationId, language, state, input) =>
      resumeWith(get(stationId, language), state, input),
    reload: () => {
      throw new Error("reload the runner that made this one");
    },
    close: () => Promise.resolve(),
  };
}

/** A step of a state saved under another version of `script`, if it still fits. */
export function resumeWith(
  script: StationScript,
  state: string,
  input: Input,
): StepResult | undefined {
  return script.fits(state) ? script.step(state, input) : undefined;
}

const versions = new WeakMap<Station, Map<Language, string>>();

/**
 * The version of a station's script in a language: a hash of its compiled ink JSON. A run saves
 * it; a saved run whose version differs from the current one was started by another script.
 */
export function scriptVersion(station: Station, language: Language): string {
  let byLanguage = versions.get(station);
  if (!byLanguage) versions.set(station, (byLanguage = new Map()));
  let version = byLanguage.get(language);
  if (version === undefined) {
    const json = localize(station.scripts, language);
    version = createHash("sha256").update(json).digest("base64url").slice(0, 16);
    byLanguage.set(language, version);
  }
  return version;
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
        character: localize(station.character, language),
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
  /** A resume: the state may not fit the script (a `stale` answer then). */
  resume?: boolean;
};
export type ScriptAnswer = { id: number; result?: StepResult; stale?: boolean; error?: string };
/** Replaces a worker's scripts; calls sent after it run the new ones. */
export type ScriptReload = { reload: ScriptSource[] };

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
class WorkerScriptRunner implements ScriptRunner {
  private readonly threads: Thread[] = [];
  private readonly pending = new Map<number, Pending & { thread: Thread }>();
  private nextId = 1;
  private closed = false;
  private fallback: ScriptRunner | undefined;
  private readonly file: URL;
  /** From the TypeScript sources: a bootstrap that registers tsx in the thread first. */
  private readonly bootstrap: string | undefined;
  private sources: ScriptSource[];

  constructor(pack: ContentPack, count: number) {
    this.sources = scriptSources(pack);
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
