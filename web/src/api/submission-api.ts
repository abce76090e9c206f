import { submissionsQuery, submissionsResponse } from "@wegmarke/protocol";
import type { Submission } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

/**
 * `GET submissions?hash=`: what the participant (in a team, every member) sent for missions,
 * each with links that work for ten minutes, resolved against the game's base.
 */
export async function fetchSubmissions({
  gameBase,
  token,
}: {
  gameBase: string;
  token: string;
}): Promise<Submission[]> {
  const query = checkInput(submissionsQuery, { hash: token });
  const url = `${endpoint(gameBase, "submissions")}?${new URLSearchParams(query).toString()}`;
  const { value } = await requestJson(url, { method: "GET" }, submissionsResponse);
  const origin = new URL(gameBase, window.location.href);
  return value.map((submission) => ({
    ...submission,
    Url: new URL(submission.Url, origin).href,
    ...(submission.ThumbUrl !== undefined && {
      ThumbUrl: new URL(submission.ThumbUrl, origin).href,
    }),
  }));
}
