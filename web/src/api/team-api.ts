import {
  okResponse,
  teamInviteRequest,
  teamInviteResponse,
  teamJoinQuery,
} from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

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
