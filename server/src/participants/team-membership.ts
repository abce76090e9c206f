import type { Repositories } from "../store/store";
import { memberKey } from "./member-key";
import { teamStream } from "./participant";
import { closeStream, openStream } from "./stream-rows";
import type { StreamRepositories } from "./stream-rows";

/**
 * What a change of team writes: every table that hangs off a stream, the team's row and the
 * members' count (eslint.table-owners.js lists the calls on the other folders' tables).
 */
export type MembershipRepositories = StreamRepositories &
  Pick<
    Repositories,
    | "players"
    | "teams"
    | "events"
    | "stationRuns"
    | "storyStates"
    | "mediaProgress"
    | "scheduled"
    | "submissions"
    | "organisers"
    | "pointAwards"
  >;

/**
 * After a player left a team (for another, or deleted): their name goes from the echoes of
 * their answers in the team's log, and the team goes when it has no members left.
 */
export async function leftTeam(
  repos: MembershipRepositories,
  teamId: number,
  playerId: number,
  secret: Buffer,
): Promise<void> {
  const stream = teamStream(teamId);
  await repos.events.forgetAuthorName(stream, memberKey(secret, stream, playerId));
  await dropTeamIfEmpty(repos, teamId);
}

/** Deletes a team without members, with its stream (game state and log) and invitations. */
async function dropTeamIfEmpty(repos: MembershipRepositories, teamId: number): Promise<void> {
  if ((await repos.players.countInTeam(teamId)) > 0) return;
  await closeStream(repos, teamStream(teamId));
  await repos.submissions.erase("stream", teamStream(teamId));
  await repos.teams.delete(teamId);
}

/** A player who joins a team brings their conversation with the organisers into the team's. */
export async function moveConversation(
  repos: Pick<MembershipRepositories, "organisers">,
  from: string,
  to: string,
): Promise<void> {
  await repos.organisers.moveStream(from, to);
}

/**
 * Hands a stream's game state and log to a new stream key, with the same event ids: a client
 * that reconnects with its last id continues on the new stream as if nothing had changed.
 */
export async function moveStream(
  repos: MembershipRepositories,
  from: string,
  to: string,
  at: string,
): Promise<void> {
  const lastSeq = await repos.streams.lastSeq(from);
  if (lastSeq === undefined) return openStream(repos, to, at);
  await repos.streams.create(to, lastSeq);
  await repos.participants.moveStream(from, to);
  await repos.stationRuns.moveStream(from, to);
  await repos.pointAwards.moveStream(from, to);
  await repos.events.moveStream(from, to);
  await repos.storyStates.moveStream(from, to);
  await repos.mediaProgress.moveStream(from, to);
  await repos.scheduled.moveStream(from, to);
  await repos.submissions.moveStream(from, to);
  await repos.organisers.moveStream(from, to);
  await closeStream(repos, from);
}
