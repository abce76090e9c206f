import { ErrorReason } from "@wegmarke/protocol";
import type { Player } from "./account-service";
import type { AccountLimits } from "./limits";
import type { Throttle } from "./throttle";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { Store } from "../store/store";
import { canonicalInviteCode, hashInviteCode, newInviteCode } from "./invite-codes";
import { KeyedQueue } from "../participants/keyed-queue";
import { playerStream, teamStream } from "../participants/participant";
import { dropTeamIfEmpty, moveStream } from "../participants/team-membership";

export type TeamServiceDeps = {
  store: Store;
  pack: ContentPack;
  clock: Clock;
  throttle: Throttle;
  limits: AccountLimits;
  /** The player now plays as another participant: their open streams must end. */
  onParticipantChange: (playerId: number) => void;
};

type JoinOutcome = "failed" | "member already" | "joined";

/**
 * Teams (when the pack allows them): invitations and joining. A team is a participant of its
 * own with the stream `team:<id>`; see docs/decisions/006-teams.md.
 */
export class TeamService {
  /** One membership change per player at a time: no player founds two teams by tapping twice. */
  private readonly queue = new KeyedQueue();

  constructor(private readonly deps: TeamServiceDeps) {}

  /** 404 `teams not enabled` unless the pack allows teams; checked before anything else. */
  assertEnabled(): void {
    if (!this.deps.pack.settings.allowTeams) {
      throw new ServiceError(404, ErrorReason.teamsDisabled);
    }
  }

  /**
   * A new invitation code for the player's team. A player without a team founds one first, and
   * their game so far becomes the team's (same stream content, same event ids).
   */
  async invite(player: Player): Promise<string> {
    const { store, clock, limits } = this.deps;
    const code = newInviteCode();
    const founded = await this.queue.run(String(player.id), () =>
      store.transaction(async (repos) => {
        const current = await repos.players.find(player.id);
        if (!current) throw new ServiceError(401, ErrorReason.invalidHash);
        const now = clock.now();
        const at = now.toISOString();
        let teamId = current.teamId;
        if (teamId === null) {
          teamId = await repos.teams.create(at, player.id);
          await moveStream(repos, playerStream(player.id), teamStream(teamId), at);
          await repos.players.update(player.id, { teamId });
        }
        await repos.teamInvitations.create({
          codeHash: hashInviteCode(code),
          teamId,
          expiresAt: new Date(now.getTime() + limits.invitationTtlMs).toISOString(),
        });
        return current.teamId === null;
      }),
    );
    if (founded) this.deps.onParticipantChange(player.id);
    return code;
  }

  /**
   * Joins the team of an invitation code. The player's own game so far is discarded (there is
   * no way back to it); a team they leave is deleted when it has no members left. 400 `team
   * invitation failed` for an unknown or expired code.
   */
  async join(player: Player, input: string, ip: string): Promise<void> {
    const { store, clock, throttle } = this.deps;
    const playerKey = String(player.id);
    const attempt = await throttle.attempt(
      [
        { limiter: throttle.failuresPerIp, key: ip },
        { limiter: throttle.joinFailuresPerPlayer, key: playerKey },
      ],
      ErrorReason.tooManyAttempts,
    );
    const code = canonicalInviteCode(input);

    const outcome = await this.queue.run(playerKey, () =>
      store.transaction(async (repos): Promise<JoinOutcome> => {
        const at = clock.now().toISOString();
        const invitation =
          code && (await repos.teamInvitations.findValid(hashInviteCode(code), at));
        if (!invitation) return "failed";
        const current = await repos.players.find(player.id);
        if (!current) throw new ServiceError(401, ErrorReason.invalidHash);
        if (current.teamId === invitation.teamId) return "member already";
        await repos.streams.delete(playerStream(player.id));
        await repos.players.update(player.id, { teamId: invitation.teamId });
        if (current.teamId !== null) await dropTeamIfEmpty(repos, current.teamId);
        return "joined";
      }),
    );
    // A failure stays counted.
    if (outcome === "failed") throw new ServiceError(400, ErrorReason.teamInvitationFailed);
    await attempt.release();
    if (outcome === "joined") this.deps.onParticipantChange(player.id);
  }
}
