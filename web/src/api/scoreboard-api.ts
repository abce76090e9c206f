import { scoreboardQuery, scoreboardResponse } from "@wegmarke/protocol";
import type { ScoreboardResponse } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

/** `GET scoreboard?hash=`: the best rows and the player's own. */
export async function fetchScoreboard({
  gameBase,
  token,
}: {
  gameBase: string;
  token: string;
}): Promise<ScoreboardResponse["value"]> {
  const query = checkInput(scoreboardQuery, { hash: token });
  const url = `${endpoint(gameBase, "scoreboard")}?${new URLSearchParams(query).toString()}`;
  const { value } = await requestJson(url, { method: "GET" }, scoreboardResponse);
  return value;
}
