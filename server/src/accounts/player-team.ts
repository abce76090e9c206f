import { ErrorReason } from "@wegmarke/protocol";
import { ServiceError } from "../errors";
import type { Repositories } from "../store/store";

/**
 * A player's team as the players' table holds it, read and set inside the caller's
 * transaction: what teams/ and push/ build on.
 */
export type PlayerTeamRepositories = Pick<Repositories, "players">;

/** The team the player is in, null on their own; 401 `invalid hash` for a player gone. */
export async function teamOfPlayer(
  repos: PlayerTeamRepositories,
  playerId: number,
): Promise<number | null> {
  const player = await repos.players.find(playerId);
  if (!player) throw new ServiceError(401, ErrorReason.invalidHash);
  return player.teamId;
}

/** Puts the player in the team `teamId`. */
export async function setTeamOfPlayer(
  repos: PlayerTeamRepositories,
  playerId: number,
  teamId: number,
): Promise<void> {
  await repos.players.update(playerId, { teamId });
}

/** The ids of a team's members, oldest account first. */
export function membersOf(repos: PlayerTeamRepositories, teamId: number): Promise<number[]> {
  return repos.players.idsInTeam(teamId);
}
