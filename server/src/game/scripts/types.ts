import type { Language } from "@wegmarke/protocol";
import type { ContentPack } from "../../content/model";
import type { Input, ScriptContext, StepResult } from "../../engine/types";

/**
 * Runs the stations' scripts (the dialogue engine, engine/engine.ts) for the game. The engine
 * is pure and takes a good part of a turn's time, so by default it runs on worker threads
 * (decisions/012-live-path.md): the thread that answers HTTP and streams stays free, and a
 * second core does the dialogue. With `workers: 0` it runs in the calling thread.
 *
 * `run` names the run a call belongs to (its stream): a run's calls go to one thread, which
 * keeps the run's ink state live between them (engine/live-states.ts).
 */
export type ScriptRunner = {
  start(stationId: number, language: Language, run?: string): Promise<StepResult>;
  step(
    stationId: number,
    language: Language,
    state: string,
    input: Input,
    run?: string,
  ): Promise<StepResult>;
  /**
   * `step` for a state saved under another version of the script: undefined (and nothing run)
   * when the state no longer fits the script (engine.ts, `fits`).
   */
  resume(
    stationId: number,
    language: Language,
    state: string,
    input: Input,
    run?: string,
  ): Promise<StepResult | undefined>;
  /** Runs the scripts of `pack` from now on (a reloaded content pack). */
  reload(pack: ContentPack): void;
  /** The game's scripts are no longer needed (its server closes); calls under way finish. */
  close(): Promise<void>;
};

/** What a worker is built from: every station's script in every language, with its context. */
export type ScriptSource = { key: string; inkJson: string; ctx: ScriptContext };

/** A call to a worker, and its answer: the step's result, or the error's message. */
export type ScriptCall = {
  id: number;
  /** Whose scripts: a game's book in the pool (script-pool.ts). */
  book: number;
  stationId: number;
  language: Language;
  state?: string;
  input?: Input;
  /** A resume: the state may not fit the script (a `stale` answer then). */
  resume?: boolean;
  /** The run's stream: the pool sends its calls to one thread (ScriptRunner). */
  run?: string;
};
export type ScriptAnswer = {
  id: number;
  result?: StepResult;
  stale?: boolean;
  error?: string;
  /** A step whose state the thread kept live since the run's last call (engine/live-states.ts). */
  live?: boolean;
};
/** Adds a book of scripts to a worker (a game started, a pack reloaded), or drops one. */
export type ScriptBook = { book: number; sources?: ScriptSource[] };
/** What a worker starts with: the books open at its start. */
export type WorkerBooks = [book: number, sources: ScriptSource[]][];
