import { okResponse, stationRequest } from "@wegmarke/protocol";
import { checkInput, endpoint, requestJson } from "./http";

type StoryCall = { gameBase: string; storyId: number; token: string };

/** `story/activate` (spec 7): a story is opened; its id travels as StationID. */
export async function activateStory({ gameBase, storyId, token }: StoryCall): Promise<void> {
  const body = checkInput(stationRequest, { StationID: storyId, Hash: token });
  await requestJson(endpoint(gameBase, "story/activate"), { method: "POST", body }, okResponse);
}
