import { Story } from "inkjs";
import { matchesAnswer } from "./answers";
import { isMissionChoice, missionChoice, missionOf, rejectedChoice } from "./missions";
import { hintChoice, hintCost, isHintChoice } from "./hints";
import { jumpTargets } from "./jumps";
import { addPoints, awarded, fitsStory } from "./story-state";
import { LiveStates } from "./live-states";
import { hasTag } from "./tags";
import { toMessage } from "./messages";
import type {
  Awaiting,
  EngineButton,
  EngineMessage,
  Input,
  JumpInput,
  ScriptContext,
  StationScript,
  StepResult,
  Verdict,
} from "./types";

type Choice = Story["currentChoices"][number];

/** Lines one step may produce before we call the script runaway (a loop that never waits). */
const MAX_LINES_PER_STEP = 10_000;
/**
 * Steps of ink's interpreter one player's step may take: a loop without text (`== a == -> a`)
 * never finishes a line, so the work is counted (the demo's longest step takes under a hundred);
 * a budget of work, not of time, never trips on an ordinary script in a busy process.
 */
export const MAX_INK_STEPS_PER_STEP = 200_000;

/** An ink story whose interpreter steps are counted: `budget` is what the current step may still use. */
type CountedStory = Story & { budget: number };
/** A story that throws once a step used up its budget of interpreter steps (see above). */
function countedStory(inkJson: string): CountedStory {
  const story = Object.assign(new Story(inkJson), { budget: MAX_INK_STEPS_PER_STEP });
  const step = story.Step.bind(story);
  story.Step = () => {
    if (--story.budget < 0) {
      throw new Error(
        `ink script took ${MAX_INK_STEPS_PER_STEP} steps without waiting for the player: endless loop?`,
      );
    }
    step();
  };
  return story;
}

/** One station's script in one language from compiled ink JSON; runs' states kept in `live`. */
export function createScript(
  inkJson: string,
  ctx: ScriptContext,
  live = new LiveStates(0),
): StationScript {
  let story = countedStory(inkJson);
  const targets = jumpTargets(inkJson);
  // A runaway or failing script can leave the story mid-continue; start afresh after any throw.
  function guarded(run: string | undefined, step: (s: Story) => StepResult): StepResult {
    story.budget = MAX_INK_STEPS_PER_STEP;
    try {
      const result = step(story);
      live.keep(story, result.state, run);
      return result;
    } catch (error) {
      story = countedStory(inkJson);
      throw error;
    }
  }
  return {
    start: (run) =>
      guarded(run, (s) => {
        s.ResetState();
        // ink seeds RANDOM and shuffles from the clock; a fixed seed keeps start() deterministic.
        s.state.storySeed = 0;
        return advance(s, ctx, []);
      }),
    step: (state, input, run) =>
      guarded(run, (s) => {
        live.restore(s, state, run);
        if (input.kind !== "jump") return applyInput(s, ctx, state, input);
        return targets.includes(input.knot) ? jump(s, ctx, input.knot) : refused(s, ctx, state);
      }),
    fits: (state) => {
      try {
        return fitsStory(story, state);
      } catch {
        story = countedStory(inkJson);
        return false;
      }
    },
  };
}

/** A host's jump: the dialogue goes on at `knot`, whatever it waited for. */
function jump(story: Story, ctx: ScriptContext, knot: string): StepResult {
  const asked = questionOf(story);
  story.ChoosePathString(knot);
  return markedQuestion(story, asked, advance(story, ctx, []));
}

function applyInput(
  story: Story,
  ctx: ScriptContext,
  state: string,
  input: Exclude<Input, JumpInput>,
): StepResult {
  switch (input.kind) {
    case "button":
      return tapButton(story, ctx, state, input.target);
    case "answer":
      return giveAnswer(story, ctx, state, input.text);
    case "verdict":
      return judge(story, ctx, state, input);
    case "hint": {
      const choice = hintChoice(story.currentChoices);
      if (!choice) return refused(story, ctx, state);
      return takeHint(story, ctx, choice, input.free ? 0 : hintCost(choice));
    }
  }
}

function tapButton(story: Story, ctx: ScriptContext, state: string, target: string): StepResult {
  const choice = story.currentChoices.find((c) => isButton(c) && buttonTarget(story, c) === target);
  if (!choice) return refused(story, ctx, state);
  if (isHintChoice(choice)) {
    // Only the ladder's next hint is a button; an older target of another one is refused.
    if (choice !== hintChoice(story.currentChoices)) return refused(story, ctx, state);
    return takeHint(story, ctx, choice, hintCost(choice), choice.text.trim());
  }
  const asked = questionOf(story);
  story.ChooseChoiceIndex(choice.index);
  return markedQuestion(story, asked, advance(story, ctx, [], choice.text.trim()));
}

/** The hint of `choice` (the player's tap, with its echo, or a host's): its cost comes off `points`. */
function takeHint(
  story: Story,
  ctx: ScriptContext,
  choice: Choice,
  cost: number,
  echo?: string,
): StepResult {
  const asked = questionOf(story);
  addPoints(story, -cost);
  story.ChooseChoiceIndex(choice.index);
  return { ...markedQuestion(story, asked, advance(story, ctx, [], echo)), hint: true };
}

function giveAnswer(story: Story, ctx: ScriptContext, state: string, text: string): StepResult {
  const echo = text.trim();
  const answers = story.currentChoices.filter(isAnswer);
  if (answers.length === 0 || echo === "") return refused(story, ctx, state);
  const chosen =
    answers.find((c) => !isFallback(c) && matchesAnswer(echo, alternatives(c))) ??
    answers.find(isFallback);
  if (!chosen) {
    // The ink state stays where it is, so the same question is still open.
    const rejection: EngineMessage = { kind: "text", from: ctx.character, text: ctx.rejection };
    return { ...waitResult(story, ctx, state, [rejection]), echo, wrong: true };
  }
  const asked = questionOf(story);
  story.ChooseChoiceIndex(chosen.index);
  const result = markedQuestion(story, asked, advance(story, ctx, [], echo));
  return isFallback(chosen) ? { ...result, wrong: true } : result;
}

/**
 * The verdict on the awaited mission. Approved: `points` (else the mission's `#points:`) is
 * added to the script's `points`, and the dialogue takes the mission's choice. Rejected: it
 * takes the `[#rejected]` choice, or else the character says the rejection and the mission
 * stays open. The host's line comes first either way.
 */
function judge(story: Story, ctx: ScriptContext, state: string, verdict: Verdict): StepResult {
  const choice = missionChoice(story.currentChoices);
  if (choice === undefined) return refused(story, ctx, state);
  const line = verdict.line?.trim();
  const said: EngineMessage[] = line ? [{ kind: "text", from: ctx.character, text: line }] : [];
  const asked = questionOf(story);
  if (verdict.approved) {
    addPoints(story, Math.max(verdict.points ?? missionOf(choice).points, 0));
    story.ChooseChoiceIndex(choice.index);
    return markedQuestion(story, asked, advance(story, ctx, said));
  }
  const fallback = rejectedChoice(story.currentChoices);
  if (fallback === undefined) {
    const rejection: EngineMessage = {
      kind: "text",
      from: ctx.character,
      text: ctx.missionRejection,
    };
    return { ...waitResult(story, ctx, state, line ? said : [rejection]), wrong: true };
  }
  story.ChooseChoiceIndex(fallback.index);
  return { ...markedQuestion(story, asked, advance(story, ctx, said)), wrong: true };
}

/**
 * The question a wait asks for a typed answer: the places in the script of its `#answer`
 * choices ("" when it asks none). A script that goes back to them asks the same question again.
 */
function questionOf(story: Story): string {
  return story.currentChoices
    .filter(isAnswer)
    .map((choice) => choice.sourcePath)
    .join(" ");
}

/** Marks a step after which the station asks for a typed answer to another question than before. */
function markedQuestion(story: Story, asked: string, result: StepResult): StepResult {
  if (!result.awaiting.answer || questionOf(story) === asked) return result;
  return { ...result, newQuestion: true };
}

/** Runs the story to its next wait or its end, starting with `messages`. */
function advance(
  story: Story,
  ctx: ScriptContext,
  messages: EngineMessage[],
  echo?: string,
): StepResult {
  messages.push(...runToWait(story, ctx.character));
  const result = waitResult(story, ctx, story.state.ToJson(), messages);
  return echo === undefined ? result : { ...result, echo };
}

function runToWait(story: Story, character: string): EngineMessage[] {
  const messages: EngineMessage[] = [];
  for (let lines = 0; story.canContinue; lines++) {
    if (lines >= MAX_LINES_PER_STEP) {
      throw new Error(
        `ink script produced ${MAX_LINES_PER_STEP} lines without waiting for the player: endless loop?`,
      );
    }
    story.Continue();
    const message = toMessage(story.currentText ?? "", story.currentTags ?? [], character);
    if (message) messages.push(message);
  }
  return messages;
}

function refused(story: Story, ctx: ScriptContext, state: string): StepResult {
  return { ...waitResult(story, ctx, state, []), accepted: false };
}

function waitResult(
  story: Story,
  ctx: ScriptContext,
  state: string,
  messages: EngineMessage[],
): StepResult {
  const choices = story.currentChoices;
  return {
    state,
    messages,
    awaiting: awaiting(story, choices),
    done: !story.canContinue && choices.length === 0,
    points: awarded(story, ctx.maxPoints),
    accepted: true,
  };
}

function awaiting(story: Story, choices: Choice[]): Awaiting {
  const hint = hintChoice(choices);
  const buttons: EngineButton[] = choices
    .filter((c) => isButton(c) && (c === hint || !isHintChoice(c)))
    .map((c) => {
      const button = { target: buttonTarget(story, c), text: c.text.trim() };
      return c === hint ? { ...button, hint: { cost: hintCost(c) } } : button;
    });
  const mission = missionChoice(choices);
  const waits = { answer: choices.some(isAnswer), buttons };
  return mission === undefined ? waits : { ...waits, mission: missionOf(mission) };
}

/** A choice the player taps: neither a typed answer nor a mission's outcome. */
function isButton(choice: Choice): boolean {
  return !isAnswer(choice) && !isMissionChoice(choice);
}

/** The turn index changes with every choice taken, so a target from an earlier wait is stale. */
function buttonTarget(story: Story, choice: Choice): string {
  return `${story.state.currentTurnIndex}.${choice.index}`;
}

function isAnswer(choice: Choice): boolean {
  return hasTag(choice.tags ?? [], "answer");
}

/** The accepted answers of an `#answer` choice: its text split on "/". */
function alternatives(choice: Choice): string[] {
  return choice.text
    .split("/")
    .map((a) => a.trim())
    .filter((a) => a !== "");
}

function isFallback(choice: Choice): boolean {
  return alternatives(choice).length === 0;
}
