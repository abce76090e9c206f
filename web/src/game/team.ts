import type { PlayerStatus, TeamsSetting } from "@wegmarke/protocol";

/**
 * Spec 2: where teams are required (game.yaml `teams: required`), game views (noTeam false)
 * redirect to /webapp/team until the player has a team; `optional` and `off` let everybody in.
 * A cached status without team may be outdated (the team was founded or joined since, maybe on
 * another device): "wait" for the stream's own (`live`).
 */
export function teamGate(
  teams: TeamsSetting,
  status: PlayerStatus | null,
  live: boolean,
): "pass" | "wait" | "team" {
  if (teams !== "required" || status?.HasTeam === true) return "pass";
  return status !== null && live ? "team" : "wait";
}

/**
 * A status that says "in a team" after one that said "no team": the player joined a team
 * (maybe on another device), whose stream has ids of its own, so the game starts over from
 * the team stream's beginning (docs/decisions/006-teams.md).
 */
export function joinedTeam(previous: PlayerStatus | null, next: PlayerStatus | null): boolean {
  return previous !== null && !previous.HasTeam && next?.HasTeam === true;
}
