import type { ContentProblem } from "./model";

/**
 * Where a script's mission tags stand (docs/content-authoring.md, "Missions"): on a choice, one
 * kind per choice, `#points:` and `#auto` beside the kind, `[#rejected]` a choice of its own.
 * The source is read line by line, as a choice and its tags stand on one line.
 */

const KINDS = ["photo", "video", "voice"];

/**
 * The lower-case names of a source line's tags (`#points: 3` is `points`, `#photo]` is `photo`),
 * without comments.
 */
function tagNames(line: string): string[] {
  const code = line.split("//")[0] ?? "";
  return code
    .split(/(?<!\\)#/)
    .slice(1)
    .map((tag) => (/^\s*([\w-]*)/.exec(tag)?.[1] ?? "").toLowerCase());
}

function lineMessage(line: string): string | undefined {
  const names = tagNames(line);
  const kinds = names.filter((name) => KINDS.includes(name));
  const beside = names.filter((name) => name === "points" || name === "auto");
  const rejected = names.includes("rejected");
  if (kinds.length === 0 && beside.length === 0 && !rejected) return undefined;
  if (!/^\s*[*+]/.test(line)) {
    return "a mission's tags belong on a choice, like + [The dragon on the fountain #photo]";
  }
  if (kinds.length > 1) return `one of #photo, #video or #voice per choice, not ${kinds.length}`;
  if (rejected && kinds.length > 0) {
    return "#rejected is a choice of its own, beside the mission's: + [#rejected]";
  }
  if (beside.length > 0 && kinds.length === 0) {
    return `#${beside[0]} goes with #photo, #video or #voice on the same choice`;
  }
  if (kinds.length > 0 && names.includes("answer")) {
    return "a mission's choice is no typed answer: drop #answer";
  }
  return undefined;
}

export function missionLineProblems(file: string, lines: string[]): ContentProblem[] {
  return lines.flatMap((line, i) => {
    const message = lineMessage(line);
    return message === undefined ? [] : [{ file, line: i + 1, message }];
  });
}
