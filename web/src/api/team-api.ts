import {
  okResponse,
  teamInviteRequest,
  teamInviteResponse,
  teamJoinQuery,
  teamMembersQuery,
  teamMembersResponse,
  teamPositionRequest,
  teamPreviewResponse,
} from "@wegmarke/protocol";
import type { TeamMembers, TeamPreview } from "@wegmarke/protocol";
import type { Position } from "../lib/distance";
import { checkInput, endpoint, requestJson } from "./http";
import { positionBody } from "./position-body";

type TeamCall = { gameBase: string; token: string };

/** A new invitation code for the player's team (`team/invite`); founds the team if needed. */
export async function createTeamInvite({ gameBase, token }: TeamCall): Promise<string> {
  const body = checkInput(teamInviteRequest, { Hash: token });
  const answer = await requestJson(
    endpoint(gameBase, "team/invite"),
    { method: "POST", body },
    teamInviteResponse,
  );
  return answer.value;
}

/** The URL of a GET call with the player's hash and more of its query. */
function getUrl(gameBase: string, path: string, query: Record<string, string>): string {
  return `${endpoint(gameBase, path)}?${new URLSearchParams(query).toString()}`;
}

/** What joining the team of an invitation code would change (`GET team/preview`). */
export async function previewTeamJoin({
  gameBase,
  token,
  code,
}: TeamCall & { code: string }): Promise<TeamPreview> {
  const query = checkInput(teamJoinQuery, { hash: token, tjr: code });
  const answer = await requestJson(
    getUrl(gameBase, "team/preview", query),
    { method: "GET" },
    teamPreviewResponse,
  );
  return answer.value;
}

/** Joins the team of an invitation code (`GET team/join?hash=..&tjr=..`). */
export async function joinTeam({ gameBase, token, code }: TeamCall & { code: string }) {
  const query = checkInput(teamJoinQuery, { hash: token, tjr: code });
  await requestJson(getUrl(gameBase, "team/join", query), { method: "GET" }, okResponse);
}

/** The player's team with its members and who is online (`GET team/members`). */
export async function loadTeamMembers({ gameBase, token }: TeamCall): Promise<TeamMembers> {
  const query = checkInput(teamMembersQuery, { hash: token });
  const answer = await requestJson(
    getUrl(gameBase, "team/members", query),
    { method: "GET" },
    teamMembersResponse,
  );
  return answer.value;
}

/**
 * Shares the device's position with the team (`team/position`), or stops sharing (`position`
 * null).
 */
export async function shareTeamPosition({
  gameBase,
  token,
  position,
}: TeamCall & { position: Position | null }): Promise<void> {
  const body = checkInput(teamPositionRequest, {
    Hash: token,
    Share: position !== null,
    ...positionBody(position),
  });
  await requestJson(endpoint(gameBase, "team/position"), { method: "POST", body }, okResponse);
}
