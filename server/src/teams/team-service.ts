import { ErrorReason } from "@wegmarke/protocol";
import type { Player } from "../accounts/account-service";
import { membersOf, setTeamOfPlayer, teamOfPlayer } from "../accounts/player-team";
import type { PlayerTeamRepositories } from "../accounts/player-team";
import type { AccountLimits } from "../security/limits";
import type { Attempt } from "../security/rate-limiter";
import type { Throttle } from "../security/throttle";
import type { Clock } from "../clock";
import type { ContentPack } from "../content/model";
import { ServiceError } from "../errors";
import type { Repositories, StoreOf } from "../store/store";
import { canonicalInviteCode, hashInviteCode, newInviteCode } from "./invite-codes";
import { KeyedQueue } from "../lib/keyed-queue";
import { playerStream, streamOf, teamStream } from "../participants/participant";
import { closeStream } from "../participants/stream-rows";
import { leftTeam, moveConversation, moveStream } from "../participants/team-membership";
import type { MembershipRepositories } from "../participants/team-membership";

/**
 * The teams' tables, a player's team (accounts/), a change of team's writes (participants/)
 * and, for the join preview, the runs of the game a player would leave.
 */
type TeamRepositories = Pick<Repositories, "teams" | "teamInvitations" | "stationRuns"> &
  PlayerTeamRepositories &
  MembershipRepositories;

export type TeamServiceDeps = {
  store: StoreOf<TeamRepositories>;
  pack: ContentPack;
  clock: Clock;
  throttle: Throttle;
  limits: AccountLimits;
  /** The server's secret: a member's key in a team is derived from it (participants/member-key). */
  secret: Buffer;
  /** The player now plays as another participant: their open streams must end. */
  onParticipantChange: (playerId: number) => void;
  /** A player joined a team (committed): its other members hear of it (push/). */
  onJoined?: (playerId: number, teamId: number) => void;
};

type JoinOutcome = "failed" | "member already" | { joined: number };

/** What joining a team would change for the player (`preview`). */
export type JoinPreview = {
  /** The team's members, oldest account first. */
  memberIds: number[];
  /** The player is in this team already. */
  member: boolean;
  /** The player plays in another team now. */
  inTeam: boolean;
  /** Points and finished stations of the game the player leaves. */
  points: number;
  stationsDone: number;
};

/** The caller's team (`members`). */
export type TeamMembership = { stream: string; memberIds: number[] };

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
    if (this.deps.pack.settings.teams === "off") {
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
        const teamOfInviter = await teamOfPlayer(repos, player.id);
        const now = clock.now();
        const at = now.toISOString();
        let teamId = teamOfInviter;
        if (teamId === null) {
          teamId = await repos.teams.create(at, player.id);
          await moveStream(repos, playerStream(player.id), teamStream(teamId), at);
          await setTeamOfPlayer(repos, player.id, teamId);
        }
        await repos.teamInvitations.create({
          codeHash: hashInviteCode(code),
          teamId,
          expiresAt: new Date(now.getTime() + limits.invitationTtlMs).toISOString(),
        });
        return teamOfInviter === null;
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
    const { store, clock } = this.deps;
    const playerKey = String(player.id);
    const attempt = await this.joinAttempt(playerKey, ip);
    const code = canonicalInviteCode(input);

    const outcome = await this.queue.run(playerKey, () =>
      store.transaction(async (repos): Promise<JoinOutcome> => {
        const at = clock.now().toISOString();
        const invitation =
          code && (await repos.teamInvitations.findValid(hashInviteCode(code), at));
        if (!invitation) return "failed";
        const leaving = await teamOfPlayer(repos, player.id);
        if (leaving === invitation.teamId) return "member already";
        // What the player wrote to the organisers stays, in the team's conversation.
        await moveConversation(repos, playerStream(player.id), teamStream(invitation.teamId));
        await closeStream(repos, playerStream(player.id));
        await setTeamOfPlayer(repos, player.id, invitation.teamId);
        if (leaving !== null) await leftTeam(repos, leaving, player.id, this.deps.secret);
        return { joined: invitation.teamId };
      }),
    );
    // A failure stays counted.
    if (outcome === "failed") throw new ServiceError(400, ErrorReason.teamInvitationFailed);
    await attempt.release();
    if (typeof outcome === "object") {
      this.deps.onParticipantChange(player.id);
      this.deps.onJoined?.(player.id, outcome.joined);
    }
  }

  /**
   * What joining the team of an invitation code would change, for the app to ask first: the
   * team's members and the points and finished stations of the game the player leaves. A
   * wrong code counts against the same limits as a failed join (400 `team invitation failed`).
   */
  async preview(player: Player, input: string, ip: string): Promise<JoinPreview> {
    const { store, clock } = this.deps;
    const attempt = await this.joinAttempt(String(player.id), ip);
    const code = canonicalInviteCode(input);
    const at = clock.now().toISOString();
    const preview = await store.transaction(async (repos) => {
      const invitation = code && (await repos.teamInvitations.findValid(hashInviteCode(code), at));
      if (!invitation) return undefined;
      const teamId = await teamOfPlayer(repos, player.id);
      const runs = await repos.stationRuns.listByStream(streamOf({ id: player.id, teamId }));
      const done = runs.filter((run) => run.status === "done");
      return {
        memberIds: await membersOf(repos, invitation.teamId),
        member: teamId === invitation.teamId,
        inTeam: teamId !== null,
        points: done.reduce((sum, run) => sum + run.points, 0),
        stationsDone: done.length,
      };
    });
    // A wrong code stays counted.
    if (!preview) throw new ServiceError(400, ErrorReason.teamInvitationFailed);
    await attempt.release();
    return preview;
  }

  /** The player's team and its members, oldest account first; null for a player on their own. */
  async members(player: Player): Promise<TeamMembership | null> {
    const { repos } = this.deps.store;
    const teamId = await teamOfPlayer(repos, player.id);
    if (teamId === null) return null;
    return { stream: teamStream(teamId), memberIds: await membersOf(repos, teamId) };
  }

  /**
   * Counts a try with an invitation code against the address and the player before it is
   * judged; 429 while either has failed too often. The caller releases it when the code worked.
   */
  private joinAttempt(playerKey: string, ip: string): Promise<Attempt> {
    const { throttle } = this.deps;
    return throttle.attempt(
      [
        { limiter: throttle.failuresPerIp, key: ip },
        { limiter: throttle.joinFailuresPerPlayer, key: playerKey },
      ],
      ErrorReason.tooManyAttempts,
    );
  }
}
