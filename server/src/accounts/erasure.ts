import { playerStream } from "../participants/participant";
import { closeStream } from "../participants/stream-rows";
import { leftTeam } from "../participants/team-membership";
import type { MembershipRepositories } from "../participants/team-membership";
import type { PlayerRow } from "../store/player-repository";

/** An erasure writes where a change of team does: the player's rows and what hangs off them. */
export type ErasureRepositories = MembershipRepositories;

/**
 * Deletes everything personal of a player, inside the caller's transaction: the row (name,
 * phone, password hash) with its sessions, SMS code and reset links, and the player's own game
 * state and event log. A team member's answers stay in the team's log (they are the team's
 * game), without the member's name, but what they sent for missions goes; the team goes (with
 * every submission of its stream) when its last member does, and one that plays on forgets who
 * founded it. `secret` derives the member's key in the team. The caller
 * scrubs the store afterwards (Store.scrub).
 */
export async function erasePlayer(
  repos: ErasureRepositories,
  player: Pick<PlayerRow, "id" | "teamId">,
  secret: Buffer,
): Promise<void> {
  await closeStream(repos, playerStream(player.id));
  // What they sent for missions, in a team too: their photos and voice are theirs.
  await repos.submissions.erase("playerId", player.id);
  await repos.players.delete(player.id);
  await repos.teams.forgetFounder(player.id);
  if (player.teamId !== null) await leftTeam(repos, player.teamId, player.id, secret);
}
