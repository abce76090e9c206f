import { awardedPoints } from "../engine/points";
import { parseMissionPoints } from "../engine/tags";
import type { ContentProblem } from "./model";

/**
 * Where a script's mission tags stand (docs/content-authoring.md, "Missions"): on a choice, one
 * kind per choice, `#points:` and `#auto` beside the kind, `[#rejected]` a choice of its own.
 * The source is read line by line, as a choice and its tags stand on one line.
 */

const KINDS = ["photo", "video", "voice"];

/** What a player sends for each kind, in a check's words. */
const KIND_NAMES: Record<string, string> = {
  photo: "photo",
  video: "video",
  voice: "voice recording",
};

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

/** A mission's choice with `#points:`: the kind it asks for and the points written. */
export type MissionPoints = { line: number; kind: string; points: number };

/** Each mission's `#points:` that is a whole number, on a choice of one kind. */
export function missionPoints(lines: string[]): MissionPoints[] {
  return lines.flatMap((line, i) => {
    const kinds = tagNames(line).filter((name) => KINDS.includes(name));
    const written = /(?<!\\)#\s*points\s*:\s*([^\]#]*)/i.exec(line.split("//")[0] ?? "")?.[1];
    const points = written === undefined ? undefined : parseMissionPoints(written);
    const [kind] = kinds;
    return kinds.length !== 1 || kind === undefined || points === undefined
      ? []
      : [{ line: i + 1, kind, points }];
  });
}

/**
 * A mission worth more than its station: the station awards at most its `points` in
 * station.yaml, so an approval brings the player less than the host and the audit are told.
 */
export function missionPointsWarnings(
  file: string,
  missions: MissionPoints[],
  maxPoints: number,
): ContentProblem[] {
  const count = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;
  return missions.flatMap(({ line, kind, points }) => {
    const awarded = awardedPoints(points, maxPoints);
    if (awarded >= points) return [];
    const message = `#points: ${points} is more than this station gives (points: ${maxPoints} in station.yaml): a player whose ${KIND_NAMES[kind] ?? kind} is approved gets ${count(awarded)}, not ${points}. Lower #points: or raise points in station.yaml`;
    return [{ file, line, message }];
  });
}
