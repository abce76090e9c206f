import type { Story } from "inkjs";
import { hasTag, parseMissionPoints, tagValue } from "./tags";

/**
 * A riddle's hints (docs/content-authoring.md, "Hints"): choices tagged `#hint` or `#hint: 2`
 * (what the hint costs), offered beside the question. A ladder is several of them in a row,
 * each once-only (`*`): the player sees one button, the first hint choice ink offers, and once
 * taken the next one stands first.
 */

type Choice = Story["currentChoices"][number];

export function isHintChoice(choice: Choice): boolean {
  const tags = choice.tags ?? [];
  return hasTag(tags, "hint") || tagValue(tags, "hint") !== undefined;
}

/** The next hint of a wait: the first hint choice offered. */
export function hintChoice(choices: readonly Choice[]): Choice | undefined {
  return choices.find(isHintChoice);
}

/** The points a hint costs: its `#hint:` value, 0 without one (or with one the check refuses). */
export function hintCost(choice: Choice): number {
  const value = tagValue(choice.tags ?? [], "hint");
  return (value === undefined || value === "" ? undefined : parseMissionPoints(value)) ?? 0;
}
