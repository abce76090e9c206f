import {
  okResponse,
  teamInviteRequest,
  teamInviteResponse,
  teamJoinQuery,
  teamPositionRequest,
} from "@wegmarke/protocol";
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

/** Joins the team of an invitation code (`GET team/join?hash=..&tjr=..`). */
export async function joinTeam({ gameBase, token, code }: TeamCall & { code: string }) {
  const query = checkInput(teamJoinQuery, { hash: token, tjr: code });
  const url = `${endpoint(gameBase, "team/join")}?${new URLSearchParams(query).toString()}`;
  await requestJson(url, { method: "GET" }, okResponse);
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
