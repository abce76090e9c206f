import type { Story } from "inkjs";
import { awardedPoints } from "./points";

/** What the engine reads from and writes to a loaded ink story besides its flow. */

/**
 * Loads `state` and resolves everything it points to. ink throws when a place of the call stack
 * is gone, and only warns when it approximated one (the script changed around it): both mean
 * the state does not fit. Each choice's target must resolve exactly, too.
 */
export function fitsStory(story: Story, state: string): boolean {
  story.ResetState();
  story.state.LoadJson(state);
  const pointers = story.state.callStack.elements.map((element) => element.currentPointer);
  for (const pointer of pointers) {
    const { container, index } = pointer;
    if (container !== null && index > container.content.length) return false;
  }
  for (const choice of story.currentChoices) {
    if (choice.targetPath === null) return false;
    story.PointerAtPath(choice.targetPath);
  }
  return (story.state.currentWarnings ?? []).length === 0;
}

/** The script's `points` where it declares them as a number; undefined where it does not. */
function scriptPoints(story: Story): number | undefined {
  const vars = story.variablesState;
  if (!vars.GlobalVariableExistsWithName("points")) return undefined;
  const value = vars.$("points");
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/**
 * Adds `delta` to the script's `points` where it declares them as a number. A hint's cost is a
 * negative delta and may take them below 0 for a while: a right answer after it then awards
 * less, and the station never awards less than 0 (see `awarded`).
 */
export function addPoints(story: Story, delta: number): void {
  const value = scriptPoints(story);
  if (delta !== 0 && value !== undefined) story.variablesState.$("points", value + delta);
}

/** What the station awards now: its script's `points`, clamped to 0..maxPoints. */
export function awarded(story: Story, maxPoints: number): number {
  const value = scriptPoints(story);
  return value === undefined ? 0 : awardedPoints(value, maxPoints);
}
