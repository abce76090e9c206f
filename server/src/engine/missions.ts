import type { Story } from "inkjs";
import { parseDuration } from "./duration";
import { hasTag, parseMissionPoints, tagValue } from "./tags";
import type { EngineMission, MissionKind } from "./types";

/**
 * The choices of a mission (docs/content-authoring.md, "Missions"): the one tagged `#photo`,
 * `#video` or `#voice`, taken once the submission is approved, and the `[#rejected]` one,
 * taken when it is not.
 */

type Choice = Story["currentChoices"][number];

const KINDS: readonly MissionKind[] = ["photo", "video", "voice"];

function kindOf(choice: Choice): MissionKind | undefined {
  const tags = choice.tags ?? [];
  return KINDS.find((kind) => hasTag(tags, kind) || tagValue(tags, kind) !== undefined);
}

/** The first mission choice of a wait (`content:check` allows one per choice set). */
export function missionChoice(choices: readonly Choice[]): Choice | undefined {
  return choices.find((choice) => kindOf(choice) !== undefined);
}

export function rejectedChoice(choices: readonly Choice[]): Choice | undefined {
  return choices.find((choice) => hasTag(choice.tags ?? [], "rejected"));
}

/** Whether the player never taps this choice: the host's verdict takes it. */
export function isMissionChoice(choice: Choice): boolean {
  return kindOf(choice) !== undefined || hasTag(choice.tags ?? [], "rejected");
}

/** What a mission choice asks for; its tags' values as `content:check` allows them. */
export function missionOf(choice: Choice): EngineMission {
  const tags = choice.tags ?? [];
  const kind = kindOf(choice) ?? "photo";
  const length = tagValue(tags, kind);
  const maxMs = length ? parseDuration(length) : undefined;
  const points = tagValue(tags, "points");
  const mission: EngineMission = {
    kind,
    points: (points === undefined ? undefined : parseMissionPoints(points)) ?? 0,
    auto: hasTag(tags, "auto"),
    task: choice.text.trim(),
  };
  return maxMs === undefined ? mission : { ...mission, maxSeconds: Math.ceil(maxMs / 1000) };
}
