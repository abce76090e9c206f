import { useCallback } from "react";
import { createTeamInvite, joinTeam, loadTeamMembers, previewTeamJoin } from "../api/team-api";
import { useGame } from "./game-store";
import { useSession } from "./session";

/** The team calls of the signed-in player (inside the game session). */
export function useTeam() {
  const { config, token } = useSession();
  const { actions } = useGame();
  const { gameBase } = config;
  const hash = token ?? "";

  /** A new invitation code; the first one founds the team (same stream, same ids). */
  const invite = useCallback(() => createTeamInvite({ gameBase, token: hash }), [gameBase, hash]);

  /** What joining the team of `code` would change: asked before `join`. */
  const preview = useCallback(
    (code: string) => previewTeamJoin({ gameBase, token: hash, code }),
    [gameBase, hash],
  );

  /** The player's team and its members, with who is online; null without a team. */
  const members = useCallback(() => loadTeamMembers({ gameBase, token: hash }), [gameBase, hash]);

  /**
   * Joins the team of `code`. The team's stream replaces the player's own, with ids of its
   * own: the game state and last event id go and the stream starts from its beginning.
   */
  const join = useCallback(
    async (code: string) => {
      await joinTeam({ gameBase, token: hash, code });
      actions.startOver();
    },
    [gameBase, hash, actions],
  );

  return { invite, preview, join, members };
}
