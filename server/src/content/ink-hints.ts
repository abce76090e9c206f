import { parseMissionPoints } from "../engine/tags";
import type { ContentProblem } from "./model";

/**
 * Where a hint's tag stands (docs/content-authoring.md, "Hints"): on a choice of its own, which
 * the player taps, so it has a text; a hint that costs points needs the script's `VAR points`.
 * The source is read line by line, as a choice and its tags stand on one line.
 */

const HINT_TAG = /(?<!\\)#\s*hint\s*(?::\s*([^\]#]*))?(?=[\]#]|$)/i;
const OTHER_KINDS = /(?<!\\)#\s*(answer|photo|video|voice|rejected)\b/i;

/** The part of a choice line a player sees as its button: up to its `]`, before its tags. */
function buttonText(code: string): string {
  const choice = code
    .replace(/^\s*(?:[*+]\s*)+/, "")
    .replace(/^\(\w+\)\s*/, "")
    .replace(/^(?:\{[^}]*\}\s*)+/, "");
  const close = choice.search(/(?<!\\)\]/);
  const shown = close < 0 ? choice : choice.slice(0, close).replace(/(?<!\\)\[/, "");
  return (shown.split(/(?<!\\)#/)[0] ?? "").trim();
}

function lineMessage(line: string, declaresPoints: boolean | undefined): string | undefined {
  const code = line.split("//")[0] ?? "";
  const tag = HINT_TAG.exec(code);
  if (!tag) return undefined;
  if (!/^\s*[*+]/.test(code)) return "#hint belongs on a choice, like * [Tipp, bitte #hint: 2]";
  const other = OTHER_KINDS.exec(code)?.[1];
  if (other) return `a hint is a button of its own: drop #${other.toLowerCase()} from this choice`;
  if (buttonText(code) === "") {
    return "a hint is a button the player taps: give it a text, like * [Tipp, bitte #hint: 2]";
  }
  const cost = parseMissionPoints(tag[1] ?? "") ?? 0;
  if (cost > 0 && declaresPoints === false) {
    return `#hint: ${cost} costs points, but the script never declares VAR points, so the hint costs nothing: add VAR points = 0 and ~ points += … for the right answer`;
  }
  return undefined;
}

export function hintLineProblems(
  file: string,
  lines: string[],
  declaresPoints: boolean | undefined,
): ContentProblem[] {
  return lines.flatMap((line, i) => {
    const message = lineMessage(line, declaresPoints);
    return message === undefined ? [] : [{ file, line: i + 1, message }];
  });
}
