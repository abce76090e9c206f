/**
 * The dialogue engine's contract: (saved ink state, input) -> (new state, outgoing messages,
 * what the station waits for). Pure and deterministic: no clock, no I/O. Conventions are in
 * docs/content-authoring.md.
 */

/** One message the character sends, in script order. */
export type EngineMessage =
  | { kind: "text"; from: string; text: string }
  | { kind: "content"; from: string; contentRef: string; seenRatio?: number };

export type EngineButton = {
  /** Opaque; the client sends it back as `Button`. Unique within one wait, stale after it. */
  target: string;
  text: string;
};

/** What the station waits for after a step. Both may be set when a choice set mixes them. */
export type Awaiting = {
  answer: boolean;
  buttons: EngineButton[];
};

export type StepResult = {
  /** Serialised ink state (inkjs `state.toJson()`), saved after every step. */
  state: string;
  /** The player's answer or tap, as it appears in the thread; absent on start. */
  echo?: string;
  messages: EngineMessage[];
  awaiting: Awaiting;
  /** The script ended: the station is done. */
  done: boolean;
  /** Points so far: the ink variable `points`, clamped to 0..maxPoints. */
  points: number;
  /** False when the input did not fit what the station waited for (nothing changed then). */
  accepted: boolean;
};

/** What the engine needs to know of a station besides its compiled script. */
export type ScriptContext = {
  /** Speaker of lines without a `#from:` tag. */
  character: string;
  maxPoints: number;
  /** Said when a typed answer matches nothing and the script has no `[#answer]` fallback. */
  rejection: string;
};

export type Input = { kind: "answer"; text: string } | { kind: "button"; target: string };

/**
 * A station's script in one language, made once per station and language at start-up
 * (`createScript(inkJson, ctx)` in engine.ts). Its methods are synchronous and keep no state
 * between calls: everything a run needs is in the `state` string they return.
 */
export type StationScript = {
  /** Starts the dialogue from the beginning and runs to the first wait or the end. */
  start(): StepResult;
  /** Feeds one input to a saved state and runs to the next wait or the end. */
  step(state: string, input: Input): StepResult;
};
