import { z } from "zod";

/**
 * The dialogue engine's contract: (saved ink state, input) -> (new state, outgoing messages,
 * what the station waits for). Pure and deterministic: no clock, no I/O. Conventions are in
 * docs/content-authoring.md.
 */

/**
 * What a line's `#recommend` and `#delay:` tags add to its message. Both are absent on a line
 * without those tags, so a message without them behaves exactly as before they existed.
 *
 * `recommendation` (`#recommend` or `#recommend: <id>`): the message is a recommendation. The
 * game service sends it as `webtext-recommendation` (text) or `webcontent-recommendation`
 * (content) instead of `webtext`/`webcontent`, with `RecommendationID` taken from this id; the
 * app shows it in the station's thread, on the home news feed and by setting the bell. The id
 * is the one written after `#recommend:`, or, for a bare `#recommend`, `line-` and eight hex
 * digits hashed from the line's text (or content reference): the same line gets the same id in
 * every run and in every player's game, and keeps it when other lines change. Ids are unique
 * within one script only; a service that needs ids unique across the game qualifies them with
 * the station id.
 *
 * `delayMs` (`#delay: 30s`, also `10m`, `2h`): the message is due this many milliseconds after
 * the previous message of the same step is due; the step's first message counts from the step
 * itself (the start, answer or tap that caused it). Delays therefore add up along the step and
 * the order of the messages never changes: a message without a delay is due together with the
 * one before it. The engine has no clock; the game service
 * - persists the scheduled messages, so that a restart does not drop them, and delivers each
 *   when it is due (a message due while the server was down is delivered on start-up);
 * - sends what the step waits for (`awaiting`) only after the step's last message went out,
 *   so nobody answers a question before it was asked;
 * - records the station's end (`done`, `points`) at once: a scheduled message may arrive
 *   after the station is done (a "P.S." later in the day), and the player is free meanwhile;
 * - drops the undelivered messages of a station that is cancelled (spec: cancelling deletes
 *   delayed messages).
 */
const messageExtrasSchema = z.object({
  recommendation: z.string().optional(),
  delayMs: z.number().optional(),
});
export type MessageExtras = z.infer<typeof messageExtrasSchema>;

/**
 * One message the character sends, in script order. Declared as a schema, because the game
 * stores delayed messages and reads them back (game/agenda/agenda.ts).
 */
export const engineMessageSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("text"),
    from: z.string(),
    text: z.string(),
    ...messageExtrasSchema.shape,
  }),
  z.object({
    kind: z.literal("content"),
    from: z.string(),
    contentRef: z.string(),
    seenRatio: z.number().optional(),
    ...messageExtrasSchema.shape,
  }),
]);
export type EngineMessage = z.infer<typeof engineMessageSchema>;

/**
 * A button: `target` is opaque (the client sends it back as `Button`), unique within one wait.
 * `hint`: the button asks for the riddle's next hint, which costs `cost` points.
 */
export const engineButtonSchema = z.object({
  target: z.string(),
  text: z.string(),
  hint: z.object({ cost: z.number().int().nonnegative() }).optional(),
});
export type EngineButton = z.infer<typeof engineButtonSchema>;

/** What a mission asks the player to send (docs/content-authoring.md, "Missions"). */
export const missionKindSchema = z.enum(["photo", "video", "voice"]);
export type MissionKind = z.infer<typeof missionKindSchema>;

/**
 * A mission the station waits for: a choice tagged `#photo`, `#video` or `#voice`, which the
 * dialogue takes once the submission is approved.
 */
export const engineMissionSchema = z.object({
  kind: missionKindSchema,
  /** `#video: 20s`, `#voice: 1m`: the longest recording; absent, the pack's limit holds. */
  maxSeconds: z.number().int().positive().optional(),
  /** `#points: 3`: what an approval adds to `points` unless the host gives another number. */
  points: z.number().int().nonnegative(),
  /** `#auto`: approved as it arrives, without a host. */
  auto: z.boolean(),
  /** The choice's text: the task as the host reads it; "" when the choice has none. */
  task: z.string(),
});
export type EngineMission = z.infer<typeof engineMissionSchema>;

/** What the station waits for after a step. Both may be set when a choice set mixes them. */
export const awaitingSchema = z.object({
  answer: z.boolean(),
  buttons: z.array(engineButtonSchema),
  mission: engineMissionSchema.optional(),
});
export type Awaiting = z.infer<typeof awaitingSchema>;

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
  /**
   * A typed answer matched none of the script's answers: the station said its rejection, or
   * the script's `[#answer]` fallback took it; or a host rejected a mission. The operators'
   * console counts these.
   */
  wrong?: true;
  /**
   * After an answer, a tap or a verdict, the station asks for a typed answer to another question
   * than before (not the same one again after a wrong answer): the app forgets the last answer
   * it sent (its check of an immediate duplicate).
   */
  newQuestion?: true;
  /** The step gave the riddle's next hint (the player's tap on it, or a host's `hint`). */
  hint?: true;
};

/** What the engine needs to know of a station besides its compiled script. */
export type ScriptContext = {
  /** Speaker of lines without a `#from:` tag. */
  character: string;
  maxPoints: number;
  /** Said when a typed answer matches nothing and the script has no `[#answer]` fallback. */
  rejection: string;
  /** Said when a host rejects a mission without a line of their own and no `[#rejected]` choice. */
  missionRejection: string;
};

/**
 * A host's verdict on the submission of the awaited mission (or the verdict `#auto` gives):
 * `points` replaces the mission's `#points:`; `line` is what the character says first.
 */
export type Verdict = { kind: "verdict"; approved: boolean; points?: number; line?: string };

/** A host gives the riddle's next hint: at its cost, or `free`. */
export type HintInput = { kind: "hint"; free: boolean };

/** A host continues the dialogue at a knot of the script (engine/jumps.ts). */
export type JumpInput = { kind: "jump"; knot: string };

export type Input =
  | { kind: "answer"; text: string }
  | { kind: "button"; target: string }
  | Verdict
  | HintInput
  | JumpInput;

/**
 * A station's script in one language, made once per station and language at start-up
 * (`createScript(inkJson, ctx, live)` in engine.ts). Its methods are synchronous; everything a
 * run needs is in the `state` string they return. Given the `run` (its stream), a step's ink
 * state may be kept live for the run's next step (live-states.ts), which gives the same result.
 */
export type StationScript = {
  /** Starts the dialogue from the beginning and runs to the first wait or the end. */
  start(run?: string): StepResult;
  /** Feeds one input to a saved state and runs to the next wait or the end. */
  step(state: string, input: Input, run?: string): StepResult;
  /**
   * Whether a state saved by this or an earlier version of the script still fits it: every
   * place the state points to (where it stands, the choices it offers) exists in the script.
   */
  fits(state: string): boolean;
};
